// Compare Readers Before and After the Merge: from a finished job, a page its change touched, in the
// visitors panel over the weeks around the day the change reached the default branch (found in
// git), the trend split there with visitors a week and thumbs on each side.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { TrackedJob } from '../jobs/tracked-job';
import { commandIds } from '../platform/manifest-ids';
import { changeSourceOf } from '../review/change-ref';
import { changeStatus, loadGitApi } from '../review/git-api';
import { fetchJobChange, type JobChange } from '../review/job-change';
import { findJobMerge, type MergeFinding, type MergeKind } from '../review/job-merge';
import { dayFormatHint, parseDay, todayUtc } from '../visitors/date-range';
import { resolvePage } from '../visitors/page-resolver';
import type { MergeMark } from '../visitors/protocol';
import type { LazyVisitorsController } from '../visitors/lazy-visitors-controller';
import type { CommandDeps } from './deps';
import type { MergeTrendCommandId } from './later-command-ids';
import type { CommandHandlers } from './on-first-use';
import { canReview } from './fetch-change';
import { resolveJobs } from './job-picker';
import { reportReviewFailure } from './review-failures';
import { askText, pickOne, showInfo, showWarning, withProgressNote } from '../editor/say';

/** The visitors panel, where readers around the merge are charted. */
export type MergePanel = Pick<LazyVisitorsController, 'showAroundMerge'>;

interface ChangedPage {
  uri: vscode.Uri;
  pagePath: string;
  file: string;
}

/** The docs pages the change leaves on the site (a page it deleted has no after). */
async function changedPages(change: JobChange): Promise<ChangedPage[]> {
  const pages: ChangedPage[] = [];
  for (const entry of change.changes) {
    if (entry.status === changeStatus.deleted) continue;
    const uri = entry.renameUri ?? entry.uri;
    const page = await resolvePage(uri);
    if (page.pagePath) pages.push({ uri, pagePath: page.pagePath, file: page.file });
  }
  return pages;
}

/** Why no merge was found, and the day the writer gives instead (or undefined: they did not). */
async function dayFromWriter(why: string): Promise<string | undefined> {
  const choose = l10n.t('Choose the Merge Date…');
  if ((await showWarning(why, choose)) !== choose) return undefined;
  const today = todayUtc();
  return askText({
    title: l10n.t('When did the change reach the site?'),
    prompt: l10n.t('The day it was merged ({0}, UTC); the trend compares the weeks before it with the weeks after.', dayFormatHint()),
    value: today,
    // The writer may look the day up elsewhere (the history, a chat): a click away keeps the question.
    ignoreFocusOut: true,
    validateInput: (value) => {
      const day = value.trim();
      if (parseDay(day) === undefined) return l10n.t('A calendar day, as {0}.', dayFormatHint());
      return day > today ? l10n.t('A day up to today ({0}).', today) : undefined;
    },
  });
}

/** How git shows the change was merged, in the writer's words. */
function mergeKindWord(how: MergeKind): string {
  switch (how) {
    case 'merge commit':
      return l10n.t({ message: 'merge commit', args: [], comment: ['How a change reached the default branch (git)'] });
    case 'fast-forward':
      return l10n.t({ message: 'fast-forward', args: [], comment: ['How a change reached the default branch (git)'] });
    case 'squash':
      return l10n.t({ message: 'squash', args: [], comment: ['How a change reached the default branch (git)'] });
    case 'rebase':
      return l10n.t({ message: 'rebase', args: [], comment: ['How a change reached the default branch (git)'] });
  }
}

function markLabel(change: JobChange, finding: MergeFinding): string {
  if ('notMerged' in finding)
    return l10n.t({
      message: '{0}, merged on the day you chose',
      args: [change.source.label],
      comment: ['{0} is the change’s source: “pull request #12”, “merge request !3” or “branch fix-typo”'],
    });
  const { how, into } = finding.merged;
  return l10n.t({
    message: '{0} into {1} ({2})',
    args: [change.source.label, into, mergeKindWord(how)],
    comment: [
      'The merge marked on the readers chart: the pull request or branch, the branch it went into, and how (merge commit, squash…)',
    ],
  });
}

async function pickPage(pages: ChangedPage[]): Promise<ChangedPage | undefined> {
  if (pages.length <= 1) return pages[0];
  const picked = await pickOne(
    pages.map((page) => ({ label: page.pagePath, description: page.file, page })),
    {
      title: l10n.t('Compare Readers Before and After the Merge'),
      placeHolder: l10n.t('The change touched these pages: which one’s readers?'),
    },
  );
  return picked?.page;
}

function mergeSearchTitle(source: string | undefined): string {
  return source
    ? l10n.t({
        message: 'Looking for when the {0} was merged…',
        args: [source],
        comment: ['{0} is the change’s source: “pull request #12”, “merge request !3” or “branch fix-typo”'],
      })
    : l10n.t('Looking for when the change was merged…');
}

/** What was shown (host tests read it), or undefined when nothing was. */
export async function showReadersAroundMerge(deps: CommandDeps, panel: MergePanel, job: TrackedJob): Promise<MergeMark | undefined> {
  try {
    const api = await loadGitApi();
    // One progress toast for both steps: the editor holds back toasts that come in quick
    // succession, and the answer (or the question for a date) must not be one of them.
    const { change, finding } = await withProgressNote(
      {
        location: vscode.ProgressLocation.Notification,
        title: mergeSearchTitle(changeSourceOf(job.job)?.label),
      },
      async () => {
        const fetched = await fetchJobChange(api, job);
        return { change: fetched, finding: await findJobMerge(fetched, job.job.prLink) };
      },
    );
    const pages = await changedPages(change);
    if (!pages.length) {
      void showInfo(
        l10n.t({
          message: 'The {0} changes no docs page, so no page’s readers compare.',
          args: [change.source.label],
          comment: ['{0} is the change’s source: “pull request #12”, “merge request !3” or “branch fix-typo”'],
        }),
      );
      return undefined;
    }
    const day = 'merged' in finding ? todayUtc(finding.merged.at) : (await dayFromWriter(finding.notMerged))?.trim();
    const page = day ? await pickPage(pages) : undefined;
    if (!day || !page) return undefined;
    const mark: MergeMark = { pagePath: page.pagePath, day, label: markLabel(change, finding) };
    await panel.showAroundMerge(page.uri, mark);
    return mark;
  } catch (error) {
    reportReviewFailure(deps, error, job, 'showReadersAroundMerge', () => showReadersAroundMerge(deps, panel, job));
    return undefined;
  }
}

export function mergeTrendCommands(deps: CommandDeps, panel: MergePanel): CommandHandlers<MergeTrendCommandId> {
  return {
    [commandIds.readersAroundMerge]: async (arg: unknown, selection: unknown) => {
      const [job] = await resolveJobs(deps, arg, selection, canReview);
      return job ? showReadersAroundMerge(deps, panel, job) : undefined;
    },
  };
}
