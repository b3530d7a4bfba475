// Commenting on the agent's change and sending the comments as one follow-up: the comment
// widget's buttons (add, edit, save, cancel, delete) and Send Review to the Agent… (the comment
// thread's title, the diff's Docs Agent menu, the palette), which opens the review in the
// composer; the threads are marked sent once that draft goes.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { jobKeyOf, titleOf, type TrackedJob } from '../jobs/tracked-job';
import { commandIds } from '../platform/manifest-ids';
import { draftThreads, markSent, noteOf, notePending, whyNotSendable } from '../review/review-drafts';
import { ReviewCommentItem, ReviewComments } from '../review/review-comments';
import type { ReviewStore } from '../review/review-store';
import { reviewedCountOf, withReviewedCount, withReviewNoted } from '../jobs/job-history';
import type { CommandHandlers } from './on-first-use';
import type { HunkCommandId, ReviewCommentCommandId, ReviewedCommandId } from './later-command-ids';
import { loadOnce } from '../platform/load-once';
import { reviewInstruction, reviewText, takenText } from '../review/review-text';
import { takenChanges } from '../review/change-hunks';
import type { ShownChange, ShownChanges } from '../review/shown-changes';
import { HunkMarks, type ChangeCounts } from '../review/hunk-marks';
import { hunkCommands, type OnApplied } from './hunk-commands';
import { markReviewed, reviewedCommands } from './reviewed-commands';
import type { AfterFollowUp, DraftRequest } from './compose-commands';
import type { CommandDeps } from './deps';
import { resolveJobs } from './job-picker';
import { showInfo, showWarning } from '../editor/say';

export interface ReviewParts {
  reviews: ReviewStore;
  comments: ReviewComments;
  shown: ShownChanges;
  marks: HunkMarks;
}

/** A comment thread as the editor hands it to its commands. */
const isThread = (value: unknown): value is vscode.CommentThread =>
  typeof value === 'object' && value !== null && 'uri' in value && 'comments' in value;
const isReply = (value: unknown): value is vscode.CommentReply =>
  typeof value === 'object' && value !== null && 'thread' in value && 'text' in value;

/** The job a Send Review is about: the thread's, the change on screen's, or the one picked among jobs with draft comments. */
async function reviewedJob(
  deps: CommandDeps,
  { reviews, comments, shown }: ReviewParts,
  arg: unknown,
  selection: unknown,
): Promise<string | undefined> {
  if (isThread(arg)) return comments.idsOf(arg)?.job;
  if (arg instanceof ReviewCommentItem) return arg.job;
  const onScreen = arg === undefined || arg instanceof vscode.Uri ? shown.active()?.shown.job : undefined;
  if (onScreen) return jobKeyOf(onScreen);
  const withDrafts = new Set(
    reviews
      .all()
      .filter((r) => draftThreads(r).length)
      .map((r) => r.job),
  );
  const [job] = await resolveJobs(deps, arg, selection, (j) => withDrafts.has(jobKeyOf(j)));
  return job && jobKeyOf(job);
}

/** What the review says about the hunks the writer took, read from the working tree (the change last shown for the job). */
async function takenFrom({ shown, marks }: ReviewParts, job: TrackedJob): Promise<string> {
  const change = shown.latestFor(job);
  return change
    ? takenText(
        takenChanges(
          await marks
            .hunksOf(change)
            .readAll()
            .catch(() => []),
        ),
      )
    : '';
}

async function sendReview(deps: CommandDeps, parts: ReviewParts, arg: unknown, selection: unknown): Promise<vscode.TextEditor | undefined> {
  const job = await reviewedJob(deps, parts, arg, selection);
  if (!job) return undefined;
  const threads = draftThreads(parts.reviews.get(job));
  const tracked = deps.tracker.get(job);
  const refused = whyNotSendable(threads, tracked !== undefined);
  if (refused) {
    void (refused.warn ? showWarning(refused.note) : showInfo(refused.note));
    return undefined;
  }
  if (!tracked) return undefined;
  // Sent to the agent: stays English.
  const text = [reviewInstruction, reviewText(threads.map(noteOf)), await takenFrom(parts, tracked)].filter(Boolean).join('\n\n');
  const request: DraftRequest = { review: job, title: l10n.t('Review of “{0}”', titleOf(tracked)), text };
  const editor = await vscode.commands.executeCommand<vscode.TextEditor | undefined>(commandIds.askAgent, request);
  if (editor) await notePending(parts.reviews, job, editor.document.uri.toString(), threads);
  return editor;
}

/** The review's comments and hunk marks, their commands, and what marks a sent review's threads sent. */
export interface LoadedReview extends vscode.Disposable {
  commands: CommandHandlers<ReviewCommentCommandId>;
  afterFollowUp: AfterFollowUp;
}

/**
 * The writer's review comments: kept in `reviews` (machine-wide), drawn as the editor's threads on
 * the diffs `shown` lists, the hunk marks on those diffs, and their commands. Loaded the first
 * time a change is shown, a review command runs, or the store holds a thread to draw.
 */
export function loadedReview(deps: CommandDeps, reviews: ReviewStore, shown: ShownChanges): LoadedReview {
  const comments = new ReviewComments(reviews, shown);
  const marks = new HunkMarks(shown, reviews, (change, counts) => void noteReviewedCount(deps, change, counts));
  const afterFollowUp: AfterFollowUp = async (draft, job) => {
    const comments = await markSent(reviews, job, draft.toString());
    // The job's record says the follow-up was this review.
    if (comments) await deps.tracker.noteInHistory(job, (history) => withReviewNoted(history, comments));
  };
  const parts = vscode.Disposable.from(comments, marks);
  const onApplied: OnApplied = (change, at) => markReviewed(reviews, change, [at], true);
  const commands = {
    ...reviewCommands(deps, { reviews, comments, shown, marks }),
    ...hunkCommands(deps, marks, onApplied),
    ...reviewedCommands(reviews, marks),
  };
  return { commands, afterFollowUp, dispose: () => void parts.dispose() };
}

/** The job's record and row say how much of its change is reviewed: written when the count on screen differs from the record's. */
async function noteReviewedCount(deps: CommandDeps, shown: ShownChange, counts: ChangeCounts): Promise<void> {
  const key = jobKeyOf(shown.job);
  const last = reviewedCountOf(deps.tracker.get(key)?.history);
  if (last?.reviewed === counts.reviewed && last.total === counts.total) return;
  if (!last && !counts.reviewed) return;
  const event = { kind: 'reviewed', at: new Date().toISOString(), reviewed: counts.reviewed, total: counts.total } as const;
  await deps.tracker.noteInHistory(key, (history) => withReviewedCount(history, event));
}

function reviewCommands(
  deps: CommandDeps,
  parts: ReviewParts,
): CommandHandlers<Exclude<ReviewCommentCommandId, HunkCommandId | ReviewedCommandId>> {
  const { comments } = parts;
  const asItem = (value: unknown): ReviewCommentItem | undefined => (value instanceof ReviewCommentItem ? value : undefined);
  const since = loadOnce(async () => (await import('./review-since-commands')).reviewSinceCommands(deps, parts.reviews, parts.shown));
  return {
    [commandIds.addReviewComment]: async (reply: unknown) => {
      if (!isReply(reply)) return;
      if (await comments.add(reply)) return;
      if (!reply.thread.comments.length) reply.thread.dispose();
      void showWarning(l10n.t('This comment could not be kept: open the change again with Review Job’s Changes, then comment.'));
    },
    [commandIds.editReviewComment]: (c: unknown) => asItem(c) && comments.edit(asItem(c) as ReviewCommentItem),
    [commandIds.saveReviewComment]: (c: unknown) => asItem(c) && comments.finishEdit(asItem(c) as ReviewCommentItem, true),
    [commandIds.cancelReviewComment]: (c: unknown) => asItem(c) && comments.finishEdit(asItem(c) as ReviewCommentItem, false),
    [commandIds.deleteReviewComment]: (c: unknown) => asItem(c) && comments.delete(asItem(c) as ReviewCommentItem),
    [commandIds.sendReview]: (arg: unknown, selection: unknown) => sendReview(deps, parts, arg, selection),
    [commandIds.resolveReviewThread]: (thread: unknown) => isThread(thread) && comments.resolve(thread, true),
    [commandIds.reopenReviewThread]: (thread: unknown) => isThread(thread) && comments.resolve(thread, false),
    [commandIds.reviewSinceReview]: async (...args: unknown[]) => (await since())[commandIds.reviewSinceReview](...args),
  };
}
