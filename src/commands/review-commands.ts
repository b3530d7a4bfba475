// Review Changes: the agent's change of a finished job, fetched into the clone of its
// repository and shown in the multi-file diff editor (or, where the editor has none or the writer
// prefers it, a list of the changed files that each open in their own diff), from the tree, the
// finish notification or the palette; and what a writer does next from there (Check Out, Apply File).
import * as l10n from '@vscode/l10n';
import { titleOf, type TrackedJob } from '../jobs/tracked-job';
import { commandIds } from '../platform/manifest-ids';
import { reviewShowChangesAs } from '../editor/config';
import { hasMultiFileDiff } from '../editor/editor-features';
import { type AskedFrom, askedFromHere, showChanges } from '../review/changes-view';
import { showChangesList } from '../review/changes-list';
import { inClone } from '../review/clone-path';
import type { JobChange } from '../review/job-change';
import type { ShownChange, ShownChanges } from '../review/shown-changes';
import type { GitApi } from '../review/git-api';
import { applyFile, applyFileCommand, checkOutCommand, checkOutJob } from './change-commands';
import type { CommandDeps } from './deps';
import type { ReviewCommandId } from './later-command-ids';
import type { CommandHandlers } from './on-first-use';
import { canReview, fetchWithProgress } from './fetch-change';
import { resolveJobs } from './job-picker';
import { reportReviewFailure } from './review-failures';
import { showInfo } from '../editor/say';

/**
 * Shows a fetched change as the writer prefers: the multi-file diff (where the writer asked for it,
 * `asked`), or the list of its files. The diff's Docs Agent menu shows once it is open.
 */
export async function presentChange(
  deps: CommandDeps,
  shown: ShownChanges,
  api: GitApi,
  shownChange: ShownChange,
  asked: AskedFrom,
): Promise<void> {
  const { job, change, title } = shownChange;
  // Known before its documents open, so each can be commented on as it opens.
  await shown.add(shownChange);
  if (reviewShowChangesAs() === 'multiFileDiff' && (await hasMultiFileDiff())) {
    await showChanges(api, change, title, asked);
  } else {
    showChangesList(api, change, title, (uri) => inClone(change.repository, uri.fsPath), {
      applyFile: (file) => applyFile(deps, job, { shown: shownChange, file }),
      checkOut: () => checkOutJob(deps, job),
    });
  }
  shown.opened(title);
}

/** Fetches and shows the job's change; every failure is one message with the action that helps. */
export async function reviewJob(deps: CommandDeps, shown: ShownChanges, job: TrackedJob): Promise<JobChange | undefined> {
  const asked = askedFromHere();
  try {
    const { api, change } = await fetchWithProgress(job);
    if (!change.changes.length) {
      void showInfo(
        l10n.t({
          message: 'The {0} changes no file compared with this clone.',
          args: [change.source.label],
          comment: ['{0} is the change’s source: “pull request #12”, “merge request !3” or “branch fix-typo”'],
        }),
      );
      return change;
    }
    await presentChange(
      deps,
      shown,
      api,
      {
        job,
        change,
        title: l10n.t({
          message: 'Agent’s change: {0} ({1})',
          args: [titleOf(job), change.source.label],
          comment: ['A diff’s title: {0} is the job’s title, {1} the change’s source (“pull request #12”, “branch fix-typo”)'],
        }),
      },
      asked,
    );
    return change;
  } catch (error) {
    reportReviewFailure(deps, error, job, 'showChange', () => reviewJob(deps, shown, job));
    return undefined;
  }
}

/** `shown` is the window's list of shown changes (Preview Job's Change reads it too). */
export function reviewCommands(deps: CommandDeps, shown: ShownChanges): CommandHandlers<ReviewCommandId> {
  return {
    [commandIds.reviewChanges]: async (arg: unknown, selection: unknown) => {
      const [job] = await resolveJobs(deps, arg, selection, canReview);
      return job ? reviewJob(deps, shown, job) : undefined;
    },
    [commandIds.checkOutChange]: checkOutCommand(deps, shown),
    [commandIds.applyChangeFile]: applyFileCommand(deps, shown),
  };
}
