// Compare Readers Before and After the Merge: from a finished job, a page its change touched, in the
// visitors panel over the weeks around the day the change reached the default branch (found in
// git), the trend split there with visitors a week and thumbs on each side.
import * as vscode from 'vscode';
import type { TrackedJob } from '../jobs/tracked-job';
import { commandIds } from '../platform/manifest-ids';
import { changeSourceOf } from '../review/change-ref';
import { changeStatus, loadGitApi } from '../review/git-api';
import { fetchJobChange, type JobChange } from '../review/job-change';
import { findJobMerge, type MergeFinding } from '../review/job-merge';
import { parseDay, todayUtc } from '../visitors/date-range';
import { resolvePage } from '../visitors/page-resolver';
import type { MergeMark } from '../visitors/protocol';
import type { VisitorsController } from '../visitors/visitors-controller';
import type { CommandDeps } from './deps';
import type { MergeTrendCommandId } from './later-command-ids';
import type { CommandHandlers } from './on-first-use';
import { canReview } from './fetch-change';
import { resolveJobs } from './job-picker';
import { reportReviewFailure } from './review-failures';
import { askText, pickOne, showInfo, showWarning, withProgressNote } from '../editor/say';

/** The visitors panel, where readers around the merge are charted. */
export type MergePanel = Pick<VisitorsController, 'showAroundMerge'>;

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
  const choose = 'Choose the Merge Date…';
  if ((await showWarning(why, choose)) !== choose) return undefined;
  const today = todayUtc();
  return askText({
    title: 'When did the change reach the site?',
    prompt: 'The day it was merged (YYYY-MM-DD, UTC); the trend compares the weeks before it with the weeks after.',
    value: today,
    // The writer may look the day up elsewhere (the history, a chat): a click away keeps the question.
    ignoreFocusOut: true,
    validateInput: (value) => {
      const day = value.trim();
      if (parseDay(day) === undefined) return 'A calendar day, as YYYY-MM-DD.';
      return day > today ? `A day up to today (${today}).` : undefined;
    },
  });
}

function markLabel(change: JobChange, finding: MergeFinding): string {
  if ('notMerged' in finding) return `${change.source.label}, merged on the day you chose`;
  const { how, into } = finding.merged;
  return `${change.source.label} into ${into} (${how})`;
}

async function pickPage(pages: ChangedPage[]): Promise<ChangedPage | undefined> {
  if (pages.length <= 1) return pages[0];
  const picked = await pickOne(
    pages.map((page) => ({ label: page.pagePath, description: page.file, page })),
    { title: 'Compare Readers Before and After the Merge', placeHolder: 'The change touched these pages: which one’s readers?' },
  );
  return picked?.page;
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
        title: `Looking for when the ${changeSourceOf(job.job)?.label ?? 'change'} was merged…`,
      },
      async () => {
        const fetched = await fetchJobChange(api, job);
        return { change: fetched, finding: await findJobMerge(fetched, job.job.prLink) };
      },
    );
    const pages = await changedPages(change);
    if (!pages.length) {
      void showInfo(`The ${change.source.label} changes no docs page, so no page’s readers compare.`);
      return undefined;
    }
    const day = 'merged' in finding ? todayUtc(finding.merged.at) : (await dayFromWriter(finding.notMerged))?.trim();
    const page = day ? await pickPage(pages) : undefined;
    if (!day || !page) return undefined;
    const mark: MergeMark = { pagePath: page.pagePath, day, label: markLabel(change, finding) };
    await panel.showAroundMerge(page.uri, mark);
    return mark;
  } catch (error) {
    reportReviewFailure(deps, error, job, 'Show readers around the merge', () => showReadersAroundMerge(deps, panel, job));
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
