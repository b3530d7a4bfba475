// The agent's change hunk by hunk, against the writer's files: each file's hunks (git's, from the
// commit the agent started from to its own), whether each is in the working file now (read from
// its text, unsaved edits included: hunk-state.ts), and the edit that applies or unapplies one.
// An added, deleted or renamed file is one hunk, taken or left whole.
import * as vscode from 'vscode';
import { renamedFrom } from './apply-file';
import { changedFileOf } from './changed-file';
import { changeKey } from './change-keys';
import { inClone } from './clone-path';
import { fileAt, fileHunks } from './file-hunks';
import { changeStatus, type GitChange } from './git-api';
import { hunkAtLine, prepareChangeInSlices, readHunksInSlices, type HunkReading, type LineEdit, type PreparedChange } from './hunk-state';
import { wholeFileHunk as oneHunkOf, type Hunk } from './hunks';
import type { JobChange } from './job-change';
import type { TakenChange } from './review-text';
import { readWorkingFile, type WorkingFile } from './working-file';

/** What a hunk's apply or unapply writes: lines of the file as it was read, or whole files (text undefined: no file). */
export type HunkWrite =
  { kind: 'lines'; file: WorkingFile; edit: LineEdit } | { kind: 'files'; files: { uri: vscode.Uri; text: string | undefined }[] };

export interface HunkAt {
  /** The working file the hunk goes into (the new name of a renamed file). */
  uri: vscode.Uri;
  /** Its path in the repository. */
  path: string;
  hunk: Hunk;
  index: number;
  /** How many hunks the file has. */
  of: number;
  reading: HunkReading;
  write?: HunkWrite;
  /** Set for the one hunk of an added, deleted or renamed file. */
  whole?: TakenChange['whole'];
  /** What the change is (its file and text): how the writer's Reviewed mark finds it again. */
  key: string;
}

/** One file of the change as hunks: both versions and git's hunks between them, numbered in the editor's lines. */
interface FileChange {
  file: GitChange;
  before: string | undefined;
  after: string | undefined;
  hunks: Hunk[];
  /** Set for a file changed line by line. */
  prepared?: PreparedChange;
}

/** The last reading of a file: of which working text, and what it found. */
interface LastReading {
  text: string;
  readings: Promise<HunkReading[]>;
}

/** Whole files read alike whatever their line breaks (a checkout with CRLF of a file git keeps with LF). */
const sameText = (a: string | undefined, b: string | undefined): boolean =>
  a !== undefined && b !== undefined && a.replace(/\r\n?/g, '\n') === b.replace(/\r\n?/g, '\n');

/**
 * An added, deleted or renamed file, one hunk: in when the working tree holds what the agent left
 * (its file, the old one gone), out when it holds what was there before; anything else is the
 * writer's. Its write puts the other state's files in place.
 */
function wholeFileHunk(
  change: FileChange,
  uri: vscode.Uri,
  from: vscode.Uri | undefined,
  old: string | undefined,
  now: string | undefined,
): Omit<HunkAt, 'path' | 'index' | 'of' | 'hunk' | 'key'> {
  const oldText = from ? old : now;
  const agentSide = (!from || old === undefined) && (change.after === undefined ? now === undefined : sameText(now, change.after));
  const oldSide = (!from || now === undefined) && (change.before === undefined ? oldText === undefined : sameText(oldText, change.before));
  const files = (before: string | undefined, after: string | undefined): HunkWrite => ({
    kind: 'files',
    files: from
      ? [
          { uri: from, text: before },
          { uri, text: after },
        ]
      : [{ uri, text: after ?? before }],
  });
  if (agentSide) return { uri, reading: { state: 'applied' }, write: files(change.before, undefined) };
  if (oldSide) return { uri, reading: { state: 'notApplied' }, write: files(undefined, change.after) };
  return { uri, reading: { state: 'changedByYou' } };
}

export class ChangeHunks {
  private readonly files = new Map<string, Promise<FileChange>>();
  /** Per file, the reading of its working text last read: a cursor move or another file's edit reads nothing again. */
  private readonly lastReadings = new Map<string, LastReading>();

  constructor(readonly change: JobChange) {}

  private relative(uri: vscode.Uri): string {
    return inClone(this.change.repository, uri.fsPath);
  }

  /** The file's versions and hunks, read once per change (both commits never change). */
  private load(file: GitChange): Promise<FileChange> {
    const key = changedFileOf(file).toString();
    let loaded = this.files.get(key);
    if (!loaded) {
      loaded = this.read(file);
      this.files.set(key, loaded);
      loaded.catch(() => this.files.delete(key));
    }
    return loaded;
  }

  private async read(file: GitChange): Promise<FileChange> {
    const { repository, base, head } = this.change;
    const [oldPath, newPath] = [this.relative(file.originalUri), this.relative(changedFileOf(file))];
    const before = file.status === changeStatus.added ? undefined : await fileAt(repository, base, oldPath);
    const after = file.status === changeStatus.deleted ? undefined : await fileAt(repository, head, newPath);
    const whole = file.status !== changeStatus.modified || renamedFrom(file) !== undefined;
    if (whole) return { file, before, after, hunks: [oneHunkOf(before, after)] };
    const hunks = await fileHunks(repository, base, head, newPath);
    if (before === undefined || after === undefined) return { file, before, after, hunks };
    const prepared = await prepareChangeInSlices(hunks, before, after);
    return { file, before, after, hunks: prepared.hunks, prepared };
  }

  /** The hunks' readings in `working`, read again only when its text changed since the last time. */
  private readingsOf(key: string, prepared: PreparedChange, working: WorkingFile): Promise<HunkReading[]> {
    const last = this.lastReadings.get(key);
    if (last?.text === working.text) return last.readings;
    const readings = readHunksInSlices(prepared, working.text);
    this.lastReadings.set(key, { text: working.text, readings });
    return readings;
  }

  /** Every hunk of the file, read against the working tree now. */
  async readFile(file: GitChange): Promise<HunkAt[]> {
    const change = await this.load(file);
    const uri = changedFileOf(file);
    const path = this.relative(uri);
    const working = await readWorkingFile(uri);
    const from = renamedFrom(file);
    const [hunk] = change.hunks;
    if (change.file.status !== changeStatus.modified || from) {
      const old = from ? (await readWorkingFile(from))?.text : undefined;
      const whole = from ? 'renamed' : change.after === undefined ? 'deleted' : 'added';
      return hunk
        ? [{ ...wholeFileHunk(change, uri, from, old, working?.text), path, hunk, index: 0, of: 1, whole, key: changeKey(path, hunk) }]
        : [];
    }
    const readings: HunkReading[] =
      working && change.prepared
        ? await this.readingsOf(uri.toString(), change.prepared, working)
        : change.hunks.map(() => ({ state: 'changedByYou' }));
    return change.hunks.map((hunk, index) => {
      const reading = readings[index] ?? { state: 'changedByYou' };
      const write: HunkWrite | undefined = working && reading.toggle && { kind: 'lines', file: working, edit: reading.toggle };
      return { uri, path, hunk, index, of: change.hunks.length, reading, key: changeKey(path, hunk), ...(write ? { write } : {}) };
    });
  }

  /** The hunk at a line of one side of the file's diff (1-based), read against the working tree now. */
  async hunkAt(file: GitChange, side: 'agent' | 'before', line: number): Promise<HunkAt | undefined> {
    const all = await this.readFile(file);
    if (file.status !== changeStatus.modified || renamedFrom(file)) return all[0];
    const index = hunkAtLine(
      all.map((h) => h.hunk),
      side,
      line,
    );
    return index === undefined ? undefined : all[index];
  }

  /** Every hunk of the change, file by file. */
  async readAll(): Promise<HunkAt[]> {
    return (await Promise.all(this.change.changes.map((file) => this.readFile(file)))).flat();
  }
}

/** The hunks the working tree holds, as a review names them to the agent. */
export function takenChanges(hunks: readonly HunkAt[]): TakenChange[] {
  return hunks
    .filter((h) => h.reading.state === 'applied')
    .map(({ path, hunk, whole }) => (whole ? { path, whole } : { path, from: hunk.newStart, to: hunk.newStart + hunk.newCount - 1 }));
}
