// The writer's comments on an agent's change, as the editor's comment threads: on any line of a
// diff Review Job's Changes opened (the agent's side, or the old side for removed lines), kept
// machine-wide as drafts until a review sends them (review-store.ts), and drawn again from there
// after a reload or when another window changes them.
import { randomUUID } from 'node:crypto';
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { jobKeyOf } from '../jobs/tracked-job';
import { reviewControllerId } from '../platform/manifest-ids';
import { dateTime } from '../platform/words';
import { messageOf } from '../platform/checks';
import { skipLog } from '../platform/machine/skip-log';
import type { ReviewComment, ReviewThread } from './review-record';
import type { ReviewStore } from './review-store';
import type { ShownChanges } from './shown-changes';

/** One comment as the editor shows it, knowing its thread and job. */
export class ReviewCommentItem implements vscode.Comment {
  mode = vscode.CommentMode.Preview;
  readonly author = { name: l10n.t({ message: 'You', args: [], comment: ['Author of a review comment: the writer themself'] }) };
  readonly contextValue: 'draft' | 'sent';
  readonly timestamp: Date;

  constructor(
    readonly job: string,
    readonly thread: string,
    readonly id: string,
    /** Plain text: what the writer typed is shown as written. */
    public body: string,
    at: string,
    sent: boolean,
  ) {
    this.contextValue = sent ? 'sent' : 'draft';
    this.timestamp = new Date(at);
  }
}

const lineRange = (thread: ReviewThread): vscode.Range => new vscode.Range(thread.from - 1, 0, thread.to - 1, 0);

/** What a thread's title says: a draft, sent, and after the agent's next version whether it was addressed. */
function labelOf(thread: ReviewThread): string {
  if (!thread.sentAt) return l10n.t('Draft: sent with your review');
  if (thread.resolved) return l10n.t({ message: 'Resolved', args: [], comment: ['A review comment thread the writer marked done'] });
  if (thread.checked?.status === 'addressed') return l10n.t('Addressed: the agent changed these lines after your review');
  if (thread.checked?.status === 'open') return l10n.t('Still open: these lines read as they did when you sent your review');
  return l10n.t({ message: 'Sent to the agent {0}', args: [dateTime(thread.sentAt)], comment: ['{0} is a date and time'] });
}

/** The thread's menu: Send Review on a draft, Resolve on a sent thread, Reopen on a resolved one. */
const threadContextOf = (thread: ReviewThread): string => (!thread.sentAt ? 'draft' : thread.resolved ? 'resolved' : 'sent');

export class ReviewComments implements vscode.Disposable {
  private readonly controller = vscode.comments.createCommentController(reviewControllerId, l10n.t('Review for the agent'));
  /** The editor's thread of each stored one, by job and thread id. */
  private readonly drawn = new Map<string, vscode.CommentThread>();
  private readonly ids = new WeakMap<vscode.CommentThread, { job: string; thread: string }>();
  private readonly listeners: vscode.Disposable[];

  constructor(
    private readonly reviews: ReviewStore,
    private readonly shown: ShownChanges,
  ) {
    this.controller.options = {
      prompt: l10n.t('Comment for the agent…'),
      placeHolder: l10n.t('What should the agent change here? Sent with your review.'),
    };
    this.controller.commentingRangeProvider = {
      provideCommentingRanges: (document) =>
        shown.placeOf(document.uri) ? [new vscode.Range(0, 0, Math.max(0, document.lineCount - 1), 0)] : [],
    };
    this.listeners = [reviews.onDidChange(() => this.draw())];
    void reviews.ready.then(() => this.draw());
  }

  /** The job and stored thread an editor thread stands for, if it is stored yet. */
  idsOf(thread: vscode.CommentThread): { job: string; thread: string } | undefined {
    return this.ids.get(thread);
  }

  /** The writer's comment from a thread's reply box: a new thread's first, or one more in a thread. */
  async add(reply: vscode.CommentReply): Promise<boolean> {
    const text = reply.text.trim();
    if (!text) return false;
    const comment: ReviewComment = { id: randomUUID(), body: text, at: new Date().toISOString() };
    const known = this.ids.get(reply.thread);
    if (known) return this.changeThread(known, (t) => ({ ...t, comments: [...t.comments, comment] }));
    const place = this.shown.placeOf(reply.thread.uri);
    const range = reply.thread.range;
    if (!place || !range) return false;
    const document = await vscode.workspace.openTextDocument(reply.thread.uri);
    const thread: ReviewThread = {
      id: randomUUID(),
      uri: reply.thread.uri.toString(),
      path: place.path,
      side: place.side,
      commit: place.commit,
      head: place.shown.change.head,
      from: range.start.line + 1,
      to: range.end.line + 1,
      lines: Array.from({ length: range.end.line - range.start.line + 1 }, (_, i) => document.lineAt(range.start.line + i).text),
      comments: [comment],
    };
    const job = jobKeyOf(place.shown.job);
    this.remember(reply.thread, job, thread.id);
    return (await this.reviews.change(job, (review) => ({ ...review, threads: [...review.threads, thread] }))) !== undefined;
  }

  /** Puts one comment into editing in its thread. */
  edit(comment: ReviewCommentItem): void {
    const thread = this.drawn.get(`${comment.job}/${comment.thread}`);
    if (!thread) return;
    thread.comments = thread.comments.map((c) => {
      if (c instanceof ReviewCommentItem && c.id === comment.id) c.mode = vscode.CommentMode.Editing;
      return c;
    });
  }

  /** Keeps an edited comment's text (as the box holds it), or drops the edit. */
  async finishEdit(comment: ReviewCommentItem, keep: boolean): Promise<void> {
    const body = comment.body.trim();
    if (keep && body) {
      await this.changeThread(comment, (t) => ({
        ...t,
        comments: t.comments.map((c) => (c.id === comment.id ? { ...c, body, at: new Date().toISOString() } : c)),
      }));
    }
    this.draw(true);
  }

  /** Marks a sent thread done (Resolve), or not done any more (Reopen). */
  async resolve(thread: vscode.CommentThread, resolved: boolean): Promise<void> {
    const ids = this.ids.get(thread);
    if (!ids) return;
    await this.changeThread(ids, (t) => ({ ...t, resolved: resolved || undefined }));
    thread.collapsibleState = resolved ? vscode.CommentThreadCollapsibleState.Collapsed : vscode.CommentThreadCollapsibleState.Expanded;
  }

  /** Removes a comment; a thread left without comments goes with it. */
  async delete(comment: ReviewCommentItem): Promise<void> {
    await this.changeThread(comment, (t) => ({ ...t, comments: t.comments.filter((c) => c.id !== comment.id) }));
  }

  /** Shows every stored thread, and nothing the store no longer holds; `again` redraws comments being edited too. */
  draw(again = false): void {
    const kept = new Set<string>();
    for (const review of this.reviews.all()) {
      for (const stored of review.threads) {
        const key = `${review.job}/${stored.id}`;
        kept.add(key);
        try {
          this.drawThread(review.job, stored, again);
        } catch (error) {
          // One thread the editor refuses (records are checked when read; this is the last guard) hides no other.
          skipLog.warn(`${this.reviews.folder} ${key}`, `the editor refused the thread (${messageOf(error)})`);
        }
      }
    }
    for (const [key, thread] of this.drawn) {
      if (kept.has(key)) continue;
      thread.dispose();
      this.drawn.delete(key);
    }
  }

  private drawThread(job: string, stored: ReviewThread, again: boolean): void {
    let thread = this.drawn.get(`${job}/${stored.id}`);
    if (!thread) {
      thread = this.controller.createCommentThread(vscode.Uri.parse(stored.uri, true), lineRange(stored), []);
      // Open where there is something to read or do; a resolved one folds away.
      thread.collapsibleState = stored.resolved
        ? vscode.CommentThreadCollapsibleState.Collapsed
        : vscode.CommentThreadCollapsibleState.Expanded;
      this.remember(thread, job, stored.id);
    }
    this.fill(thread, job, stored, again);
  }

  dispose(): void {
    for (const listener of this.listeners) listener.dispose();
    this.controller.dispose();
  }

  private remember(thread: vscode.CommentThread, job: string, id: string): void {
    this.ids.set(thread, { job, thread: id });
    this.drawn.set(`${job}/${id}`, thread);
  }

  /**
   * Brings an editor thread in line with its stored one. A comment that did not change keeps its
   * object (the editor knows a comment by it), so a redraw from another window's write does not
   * close a comment being edited here; `again` ends every edit.
   */
  private fill(thread: vscode.CommentThread, job: string, stored: ReviewThread, again: boolean): void {
    const sent = stored.sentAt !== undefined;
    const shown = new Map(thread.comments.flatMap((c) => (c instanceof ReviewCommentItem ? [[c.id, c] as const] : [])));
    const comments = stored.comments.map((c) => {
      const known = shown.get(c.id);
      if (
        known &&
        !again &&
        known.contextValue === (sent ? 'sent' : 'draft') &&
        (known.body === c.body || known.mode === vscode.CommentMode.Editing)
      ) {
        return known;
      }
      return new ReviewCommentItem(job, stored.id, c.id, c.body, c.at, sent);
    });
    if (comments.length !== thread.comments.length || comments.some((c, i) => c !== thread.comments[i])) thread.comments = comments;
    // Each setter sends the thread to the editor again: only what changed is set.
    const label = labelOf(stored);
    if (thread.label !== label) thread.label = label;
    const context = threadContextOf(stored);
    if (thread.contextValue !== context) thread.contextValue = context;
    if (thread.canReply !== !sent) thread.canReply = !sent;
    const state = sent ? (stored.resolved ? vscode.CommentThreadState.Resolved : vscode.CommentThreadState.Unresolved) : undefined;
    if (thread.state !== state) thread.state = state;
  }

  private async changeThread(ids: { job: string; thread: string }, apply: (thread: ReviewThread) => ReviewThread): Promise<boolean> {
    const stored = await this.reviews.change(ids.job, (review) => ({
      ...review,
      threads: review.threads.flatMap((t) => {
        if (t.id !== ids.thread) return [t];
        const next = apply(t);
        return next.comments.length ? [next] : [];
      }),
    }));
    return stored !== undefined;
  }
}
