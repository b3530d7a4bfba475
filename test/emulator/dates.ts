// UTC calendar days as integers (days since 1970-01-01), so date ranges are plain integer
// ranges and the visit log never meets a time zone.

const DAY_MS = 86_400_000;
const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
// Date-time: seconds and fraction optional, an explicit zone (Z or ±hh:mm) required, as in
// RFC 3339; a zoneless time would be read in the server's zone, which is exactly the bug
// this emulator should surface.
const DATE_TIME_RE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-](\d{2}):(\d{2}))$/i;

function realDay(year: number, month: number, day: number): number | null {
  if (month < 1 || month > 12 || day < 1) return null;
  const ms = Date.UTC(year, month - 1, day);
  // Date.UTC rolls 2026-02-30 over into March; a real date survives the round trip.
  const back = new Date(ms);
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) {
    return null;
  }
  return Math.floor(ms / DAY_MS);
}

/** Parses a strict `YYYY-MM-DD` into a day number, or null. */
export function parseDay(text: string): number | null {
  const m = DAY_RE.exec(text);
  return m ? realDay(Number(m[1]), Number(m[2]), Number(m[3])) : null;
}

/**
 * Parses `YYYY-MM-DD` or an ISO 8601 date-time into the UTC calendar day it falls on,
 * or null when it is not a real date.
 */
export function parseDateParam(text: string): number | null {
  const asDay = parseDay(text);
  if (asDay !== null) return asDay;
  const m = DATE_TIME_RE.exec(text);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = [1, 2, 3, 4, 5, 6].map((i) => Number(m[i] ?? 0));
  const localDay = realDay(year, month, day);
  if (localDay === null || hour > 23 || minute > 59 || second > 59) return null;
  let offsetMinutes = 0;
  if (m[7] !== 'Z' && m[7] !== 'z') {
    const oh = Number(m[8]);
    const om = Number(m[9]);
    if (oh > 23 || om > 59) return null;
    offsetMinutes = (m[7].startsWith('-') ? -1 : 1) * (oh * 60 + om);
  }
  const utcMs = localDay * DAY_MS + (hour * 60 + minute - offsetMinutes) * 60_000 + second * 1000;
  return Math.floor(utcMs / DAY_MS);
}

export function formatDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

export function dayOf(ms: number): number {
  return Math.floor(ms / DAY_MS);
}
