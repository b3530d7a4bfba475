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
import { withReviewNoted } from '../jobs/job-history';
import { registerOnFirstUse } from './on-first-use';
import { reviewInstruction, reviewText, takenText } from '../review/review-text';
import { takenChanges } from '../review/change-hunks';
import { ShownChanges } from '../review/shown-changes';
import { HunkMarks } from '../review/hunk-marks';
import { hunkCommands } from './hunk-commands';
import type { AfterFollowUp, DraftRequest } from './compose-commands';
import type { CommandDeps } from './deps';
import { resolveJobs } from './job-picker';
import { showInfo, showWarning } from '../editor/say';

const keptDays = 30;

export interface ReviewParts {
  reviews: ReviewStore;
  comments: ReviewComments;
  shown: ShownChanges;
  marks: HunkMarks;
}

/** The job a Send Review is about: the thread's, the change on screen's, or the one picked among jobs with draft comments. */
async function reviewedJob(
  deps: CommandDeps,
  { reviews, comments, shown }: ReviewParts,
  arg: unknown,
  selection: unknown,
): Promise<string | undefined> {
  if (arg && typeof arg === 'object' && 'uri' in arg && 'comments' in arg) return comments.idsOf(arg as vscode.CommentThread)?.job;
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

/**
 * The writer's review comments: kept in `reviews` (machine-wide), drawn as the editor's threads on
 * the diffs `shown` lists, and their commands. `afterFollowUp` marks a sent review's threads sent.
 */
/** The review's comments and commands, and the changes shown for review (the diffs they sit on). */
export function createReviewComments(
  deps: CommandDeps,
  reviews: ReviewStore,
): { disposables: vscode.Disposable[]; afterFollowUp: AfterFollowUp; shown: ShownChanges } {
  const shown = new ShownChanges();
  // Kept as long as a composer draft: a month untouched.
  void reviews.ready.then(() => reviews.pruneUntouchedSince(new Date(Date.now() - keptDays * 86_400_000)));
  const comments = new ReviewComments(reviews, shown);
  const marks = new HunkMarks(shown);
  const afterFollowUp: AfterFollowUp = async (draft, job) => {
    const comments = await markSent(reviews, job, draft.toString());
    // The job's record says the follow-up was this review.
    if (comments) await deps.tracker.noteInHistory(job, (history) => withReviewNoted(history, comments));
  };
  const disposables = [
    shown,
    comments,
    marks,
    ...registerCommands(deps, { reviews, comments, shown, marks }),
    ...hunkCommands(deps, marks),
  ];
  return { disposables, afterFollowUp, shown };
}

function registerCommands(deps: CommandDeps, parts: ReviewParts): vscode.Disposable[] {
  const { comments } = parts;
  const asItem = (value: unknown): ReviewCommentItem | undefined => (value instanceof ReviewCommentItem ? value : undefined);
  return [
    vscode.commands.registerCommand(commandIds.addReviewComment, async (reply: vscode.CommentReply) => {
      if (await comments.add(reply)) return;
      if (!reply.thread.comments.length) reply.thread.dispose();
      void showWarning(l10n.t('This comment could not be kept: open the change again with Review Job’s Changes, then comment.'));
    }),
    vscode.commands.registerCommand(
      commandIds.editReviewComment,
      (c: unknown) => asItem(c) && comments.edit(asItem(c) as ReviewCommentItem),
    ),
    vscode.commands.registerCommand(
      commandIds.saveReviewComment,
      (c: unknown) => asItem(c) && comments.finishEdit(asItem(c) as ReviewCommentItem, true),
    ),
    vscode.commands.registerCommand(
      commandIds.cancelReviewComment,
      (c: unknown) => asItem(c) && comments.finishEdit(asItem(c) as ReviewCommentItem, false),
    ),
    vscode.commands.registerCommand(
      commandIds.deleteReviewComment,
      (c: unknown) => asItem(c) && comments.delete(asItem(c) as ReviewCommentItem),
    ),
    vscode.commands.registerCommand(commandIds.sendReview, (arg: unknown, selection: unknown) => sendReview(deps, parts, arg, selection)),
    vscode.commands.registerCommand(commandIds.resolveReviewThread, (thread: vscode.CommentThread) => comments.resolve(thread, true)),
    vscode.commands.registerCommand(commandIds.reopenReviewThread, (thread: vscode.CommentThread) => comments.resolve(thread, false)),
    ...registerOnFirstUse([commandIds.reviewSinceReview], async () =>
      (await import('./review-since-commands')).reviewSinceCommands(deps, parts.reviews, parts.shown),
    ),
  ];
}
