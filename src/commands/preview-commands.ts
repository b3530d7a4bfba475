// Preview Job's Change and Preview Current Branch: which branch, which page to open when it is
// ready, and starting the deployment with a progress notification that says when the platform's
// 5-a-minute limit makes it wait. Opening, the build log and Ask the Agent to Fix are in
// preview-actions.ts.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { ProjectScope } from '../api/project-scope';
import { formatWait } from '../api/wait-text';
import { resolvePage } from '../visitors/page-resolver';
import { scopeFor } from '../editor/config';
import { showError } from '../editor/show-error';
import type { TrackedJob } from '../jobs/tracked-job';
import { commandIds } from '../platform/manifest-ids';
import type { PreviewsFeature } from '../previews/previews-feature';
import { isBuilding } from '../previews/tracked-preview';
import { changedFileOf } from '../review/changed-file';
import { loadGitApi, type GitRepository } from '../review/git-api';
import type { JobChange } from '../review/job-change';
import { jobPreviewBranch, jobPreviewChange, type JobPreviewBranch } from '../review/job-preview-branch';
import type { ShownChanges } from '../review/shown-changes';
import type { CommandDeps } from './deps';
import { resolveJobs } from './job-picker';
import type { PreviewCommandId } from './later-command-ids';
import type { CommandHandlers } from './on-first-use';
import { previewActions, previewFor } from './preview-actions';
import { reportReviewFailure } from './review-failures';
import { showInfo, showWarning, withProgressNote } from '../editor/say';
import { count } from '../platform/words';
import { unpushedCommitsQuestion } from './command-counts-text';

/** A finished job whose change sits on a branch the platform can build: the one it names, or its pull request's. */
export function canPreview(job: TrackedJob): boolean {
  return job.job.status === 'completed' && !!(job.job.ref || job.job.prLink);
}

/** The site path of the change's first docs page (docs pages come first), if any. */
async function firstPagePath(change: JobChange | undefined): Promise<string | undefined> {
  for (const file of change?.changes ?? []) {
    const { pagePath } = await resolvePage(changedFileOf(file));
    if (pagePath) return pagePath;
  }
  return undefined;
}

async function startPreview(
  deps: CommandDeps,
  previews: PreviewsFeature,
  request: Parameters<PreviewsFeature['tracker']['start']>[0],
): Promise<unknown> {
  try {
    return await withProgressNote(
      { location: vscode.ProgressLocation.Notification, title: l10n.t('Starting a preview of {0}', request.branch) },
      (progress) =>
        previews.tracker.start(request, (ms) =>
          progress.report({
            message: l10n.t({
              message: 'waiting {0}: the platform takes {1} preview requests a minute',
              args: [formatWait(ms), count(5)],
              comment: ['Progress message: {0} is how long, e.g. “40 s”'],
            }),
          }),
        ),
    );
  } catch (error) {
    previews.updateContext();
    showError(error, deps.log, () => startPreview(deps, previews, request));
    return undefined;
  }
}

async function previewJob(deps: CommandDeps, previews: PreviewsFeature, shown: ShownChanges, job: TrackedJob): Promise<unknown> {
  let target: JobPreviewBranch;
  try {
    target = await jobPreviewBranch(loadGitApi, job);
  } catch (error) {
    reportReviewFailure(deps, error, job, 'findPreviewBranch', () => previewJob(deps, previews, shown, job));
    return undefined;
  }
  // The page to open: from the change this window showed or just fetched, else fetched quietly, through the
  // previewed branch when the pull request's ref cannot be (none: the home page, said when it opens).
  const change =
    shown.latestFor(job)?.change ??
    target.change ??
    (await loadGitApi()
      .then((api) => jobPreviewChange(api, job, target.branch))
      .catch(() => undefined));
  const pagePath = await firstPagePath(change);
  return startPreview(deps, previews, { scope: job, branch: target.branch, jobId: job.id, ...(pagePath ? { pagePath } : {}) });
}

/** Pushing is never done unasked: a branch the remote lacks (or lags) is offered a Push first. */
async function readyToPreview(repository: GitRepository, branch: string): Promise<boolean> {
  const head = repository.state.HEAD;
  const push = l10n.t({ message: 'Push', args: [], comment: ['Button: pushes the branch to the remote (git)'] });
  if (!head?.upstream) {
    const picked = await showWarning(l10n.t('Branch {0} is not on the remote yet, so the platform cannot build it.', branch), push);
    if (picked !== push) return false;
    await repository.push(repository.state.remotes[0]?.name ?? 'origin', branch, true);
    return true;
  }
  if (head.ahead) {
    const { message, anyway } = unpushedCommitsQuestion(branch, head.ahead);
    const picked = await showWarning(message, push, anyway);
    if (picked === push) await repository.push();
    return picked === push || picked === anyway;
  }
  return true;
}

async function previewCurrentBranch(deps: CommandDeps, previews: PreviewsFeature): Promise<unknown> {
  try {
    const api = await loadGitApi();
    const active = vscode.window.activeTextEditor?.document.uri;
    const repository = (active && api.repositories.find((r) => active.fsPath.startsWith(r.rootUri.fsPath))) ?? api.repositories[0];
    // A branch made or committed to in a terminal a moment ago: the Git extension's view may lag it.
    await repository?.status();
    const branch = repository?.state.HEAD?.name;
    if (!repository || !branch) {
      void showInfo(
        repository
          ? l10n.t('The workspace is not on a branch (a detached HEAD), so there is no branch to preview.')
          : l10n.t('No git repository is open.'),
      );
      return undefined;
    }
    if (!(await readyToPreview(repository, branch))) return undefined;
    const page = active ? await resolvePage(active) : undefined;
    const scope: ProjectScope = scopeFor(repository.rootUri);
    return await startPreview(deps, previews, { scope, branch, ...(page?.pagePath ? { pagePath: page.pagePath } : {}) });
  } catch (error) {
    showError(error, deps.log);
    return undefined;
  }
}

/** Build the Preview Again: the same branch (and page, and job) as a preview that ended or was lost. */
async function rebuild(deps: CommandDeps, previews: PreviewsFeature, arg: unknown): Promise<unknown> {
  const preview = await previewFor(previews, arg, (p) => !isBuilding(p));
  if (!preview) return undefined;
  const { jobId, pagePath } = preview;
  return startPreview(deps, previews, {
    scope: preview,
    branch: preview.branch,
    ...(jobId ? { jobId } : {}),
    ...(pagePath ? { pagePath } : {}),
  });
}

export function previewCommands(deps: CommandDeps, previews: PreviewsFeature, shown: ShownChanges): CommandHandlers<PreviewCommandId> {
  return {
    [commandIds.previewChange]: async (arg: unknown, selection: unknown) => {
      // From the diff's title bar (its resource, or nothing) the change on screen is the one.
      const onScreen = arg === undefined || arg instanceof vscode.Uri ? shown.active()?.shown.job : undefined;
      const [job] = onScreen ? [onScreen] : await resolveJobs(deps, arg, selection, canPreview);
      return job ? previewJob(deps, previews, shown, job) : undefined;
    },
    [commandIds.previewBranch]: () => previewCurrentBranch(deps, previews),
    [commandIds.rebuildPreview]: (arg: unknown) => rebuild(deps, previews, arg),
    ...previewActions(deps, previews),
  };
}
