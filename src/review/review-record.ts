// A job's review as it is kept on disk (version 1): the writer's comment threads on the agent's
// change, drafts until sent, and each review sent. Storage outlives versions and may be damaged,
// so every read is checked; what cannot be read is left alone, never rewritten.
import { isRecord } from '../platform/checks';
import { isEditorUri } from '../platform/editor-uri';
import type { ReviewNote } from './review-text';

export interface ReviewComment {
  id: string;
  body: string;
  /** ISO time it was written or last edited. */
  at: string;
}

/** A thread on lines of one file of the change: where, what the lines said, and what the writer wrote. */
export interface ReviewThread {
  id: string;
  /** The document it is on: the file at `commit`, as the editor addresses it (a git URI). */
  uri: string;
  /** The file's path in the repository. */
  path: string;
  side: ReviewNote['side'];
  /** The commit the lines belong to: the agent's (its side) or the one compared against (the old side). */
  commit: string;
  /** The agent's commit the thread was written on (for the old side too): what a review of it was about. */
  head: string;
  /** 1-based, inclusive. */
  from: number;
  to: number;
  /** The lines as they read at `commit` when the thread began. */
  lines: string[];
  comments: ReviewComment[];
  /** When it went to the agent in a review; a draft until then. */
  sentAt?: string;
  /** Whether the agent's newer version changed these lines (review-status.ts), and which version that was. */
  checked?: ThreadCheck;
  /** The writer marked it done (Resolve); Reopen clears it. */
  resolved?: boolean;
}

/** A sent thread after the agent's next version: its lines changed since (addressed), or not (still open). */
export type ThreadStatus = 'addressed' | 'open';

export interface ThreadCheck {
  /** The agent's commit the thread was compared with. */
  commit: string;
  status: ThreadStatus;
}

/** A review sent: when, the agent's commit it was about, and how many threads it held. */
export interface SentReview {
  at: string;
  commit: string;
  threads: number;
}

/** A review opened in the composer and not sent yet: its draft, and the threads it holds. */
export interface PendingReview {
  draft: string;
  threads: string[];
  commit: string;
}

/** The agent's changes the writer marked Reviewed: each by its key (its file and text, change-keys.ts), and when last marked. */
export interface ReviewedChanges {
  keys: string[];
  at: string;
}

export interface JobReview {
  /** The job's key (service, project and id). */
  job: string;
  threads: ReviewThread[];
  sent: SentReview[];
  pending?: PendingReview;
  reviewed?: ReviewedChanges;
}

/** More marks than a change of many pages has hunks; the oldest go first. */
export const maxReviewedKeys = 5000;

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const line = (value: unknown): number | undefined =>
  Number.isSafeInteger(value) && (value as number) >= 1 ? (value as number) : undefined;
const strings = (value: unknown): string[] | undefined =>
  Array.isArray(value) && value.every((item) => typeof item === 'string') ? value : undefined;

function readComment(value: unknown): ReviewComment | undefined {
  if (!isRecord(value)) return undefined;
  const [id, body, at] = [value.id, value.body, value.at].map(str);
  // A date the editor can show (a comment's timestamp).
  return id && body !== undefined && at && !Number.isNaN(Date.parse(at)) ? { id, body, at } : undefined;
}

function readCheck(value: unknown): ThreadCheck | undefined {
  if (!isRecord(value)) return undefined;
  const commit = str(value.commit);
  const status = value.status === 'addressed' || value.status === 'open' ? value.status : undefined;
  return commit && status ? { commit, status } : undefined;
}

function readThread(value: unknown): ReviewThread | undefined {
  if (!isRecord(value)) return undefined;
  const [id, uri, path, commit, head] = [value.id, value.uri, value.path, value.commit, value.head].map(str);
  const side = value.side === 'agent' || value.side === 'before' ? value.side : undefined;
  const [from, to] = [line(value.from), line(value.to)];
  const lines = strings(value.lines);
  const comments = Array.isArray(value.comments) ? value.comments.map(readComment) : undefined;
  // An address the editor refuses would throw while the threads are drawn, and stop the rest.
  if (
    !id ||
    !uri ||
    !isEditorUri(uri) ||
    !path ||
    !commit ||
    !head ||
    !side ||
    !from ||
    !to ||
    to < from ||
    !lines ||
    !comments ||
    comments.some((c) => !c)
  )
    return undefined;
  const thread: ReviewThread = { id, uri, path, side, commit, head, from, to, lines, comments: comments as ReviewComment[] };
  const sentAt = str(value.sentAt);
  if (sentAt) thread.sentAt = sentAt;
  if (value.resolved === true) thread.resolved = true;
  const checked = readCheck(value.checked);
  if (checked) thread.checked = checked;
  return thread;
}

function readSent(value: unknown): SentReview | undefined {
  if (!isRecord(value)) return undefined;
  const [at, commit] = [value.at, value.commit].map(str);
  const threads = Number.isSafeInteger(value.threads) && (value.threads as number) >= 0 ? (value.threads as number) : undefined;
  return at && commit && threads !== undefined ? { at, commit, threads } : undefined;
}

function readPending(value: unknown): PendingReview | undefined {
  if (!isRecord(value)) return undefined;
  const [draft, commit] = [value.draft, value.commit].map(str);
  const threads = strings(value.threads);
  return draft && commit && threads ? { draft, threads, commit } : undefined;
}

function readReviewed(value: unknown): ReviewedChanges | undefined {
  if (!isRecord(value)) return undefined;
  const [keys, at] = [strings(value.keys), str(value.at)];
  return keys && at && !Number.isNaN(Date.parse(at)) ? { keys: keys.slice(-maxReviewedKeys), at } : undefined;
}

/** The review in a file's JSON, or undefined when this version cannot read it (newer, or damaged). */
export function parseReviewFile(value: unknown): JobReview | undefined {
  if (!isRecord(value) || value.version !== 1 || !isRecord(value.review)) return undefined;
  const { job, threads, sent } = value.review;
  if (typeof job !== 'string' || !Array.isArray(threads) || !Array.isArray(sent)) return undefined;
  const readThreads = threads.map(readThread);
  const readReviews = sent.map(readSent);
  if (readThreads.some((t) => !t) || readReviews.some((s) => !s)) return undefined;
  const review: JobReview = { job, threads: readThreads as ReviewThread[], sent: readReviews as SentReview[] };
  const pending = readPending(value.review.pending);
  if (pending) review.pending = pending;
  const reviewed = readReviewed(value.review.reviewed);
  if (reviewed) review.reviewed = reviewed;
  return review;
}

export function serializeReviewFile(review: JobReview): string {
  return JSON.stringify({ version: 1, review });
}
