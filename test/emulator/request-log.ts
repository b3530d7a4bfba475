// What the emulator received, for tests to check what the client sent. Records are built
// by the server from selected fields only, so the Authorization header has no way in.
import type { RequestRecord } from './types';

/** Oldest records are dropped past this, so a long benchmark cannot exhaust memory. */
const MAX_RECORDS = 10_000;

export class RequestLog {
  private records: RequestRecord[] = [];

  /** Adds a record and returns it; the server fills in `status` once a reply is sent. */
  push(record: RequestRecord): RequestRecord {
    this.records.push(record);
    if (this.records.length > MAX_RECORDS) this.records.splice(0, this.records.length - MAX_RECORDS);
    return record;
  }

  list(): RequestRecord[] {
    return structuredClone(this.records);
  }

  clear(): void {
    this.records = [];
  }
}
