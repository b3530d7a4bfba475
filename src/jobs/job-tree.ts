// The "Agent Jobs" tree: the tracked jobs of the open projects, newest first, with a badge
// counting the running ones and a message line for offline, rate-limited or refused-key states.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { formatWait } from '../api/wait-text';
import type { JobTracker } from './job-tracker';
import { JobTreeItem } from './job-tree-item';
import { hasRecord, recordItemsOf } from './job-record-items';
import type { PollStatus } from './poll-timing';
import { isRunning, jobKeyOf, type TrackedJob } from './tracked-job';
import type { ReviewedJobs } from './reviewed-jobs';
import { contextKeys, viewIds } from '../platform/manifest-ids';
import { rowsShown } from './rows-shown';
import { answeringOnceRead } from './first-answer';
import { runningJobsText } from './running-jobs-text';
import { mayWorkForMachine, onDidAllowMachineWork } from '../editor/machine-duties';

export const jobsViewId = viewIds.jobs;

/** Items a later feature hangs in this tree (previews): under a job, or after the jobs. */
export interface JobTreeExtras {
  readonly onDidChange: vscode.Event<void>;
  childrenOf(job: TrackedJob, now: number): vscode.TreeItem[];
  roots(now: number): vscode.TreeItem[];
  childrenOfItem(item: vscode.TreeItem, now: number): vscode.TreeItem[];
}

export class JobTreeProvider implements vscode.TreeDataProvider<vscode.TreeItem> {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeTreeData = this.changed.event;
  private extras: JobTreeExtras | undefined;
  private extrasListener: vscode.Disposable | undefined;
  /** What the rows showed when last redrawn. */
  private shown: string | undefined;

  constructor(
    private readonly tracker: JobTracker,
    private readonly reviewed: ReviewedJobs,
  ) {}

  /** Shows another feature's items in this tree (jobs know nothing of previews). */
  attach(extras: JobTreeExtras): vscode.Disposable {
    this.extras = extras;
    this.extrasListener = extras.onDidChange(() => this.refresh());
    this.refresh();
    return new vscode.Disposable(() => {
      this.extrasListener?.dispose();
      this.extras = undefined;
    });
  }

  getTreeItem(item: vscode.TreeItem): vscode.TreeItem {
    return item;
  }

  getChildren(item?: vscode.TreeItem): vscode.TreeItem[] {
    const now = Date.now();
    if (item instanceof JobTreeItem) return [...recordItemsOf(item.job), ...(this.extras?.childrenOf(item.job, now) ?? [])];
    if (item) return this.extras?.childrenOfItem(item, now) ?? [];
    const jobs = this.tracker.jobs().map((job) => {
      const row = new JobTreeItem(job, now, this.tracker.lastCheckedAt(jobKeyOf(job)), this.reviewed.has(job));
      if (this.extras?.childrenOf(job, now).length) {
        // A row keeps the expansion it was first shown with (folded): a new id shows it open.
        row.id = `${String(row.id)} with-children`;
        row.collapsibleState = vscode.TreeItemCollapsibleState.Expanded;
      } else if (hasRecord(job)) {
        // The job's record is there to unfold; the list stays one row per job.
        row.collapsibleState = vscode.TreeItemCollapsibleState.Collapsed;
      }
      return row;
    });
    return [...jobs, ...(this.extras?.roots(now) ?? [])];
  }

  /**
   * Redraws the tree when a row would show something new. A redraw replaces the rows, and a
   * menu open on one can close with it (the writer's click lost): checks that change nothing
   * visible, many a minute, redraw nothing.
   */
  refresh(): void {
    const shown = rowsShown(this);
    if (shown === this.shown) return;
    this.shown = shown;
    this.changed.fire();
  }

  dispose(): void {
    this.extrasListener?.dispose();
    this.changed.dispose();
  }
}

export function stateMessage(state: PollStatus, now: number): string | undefined {
  const wait = (at = now): string => formatWait(Math.max(0, at - now));
  switch (state.kind) {
    case 'offline':
      return l10n.t('Offline: {0} Checking again in {1}.', state.reason ?? '', wait(state.until));
    case 'rateLimited':
      return l10n.t('Paused by the rate limit; checking again in {0}.', wait(state.until));
    case 'blocked':
      return l10n.t('{0} Jobs are kept; checks resume once this is fixed, or press Refresh to try now.', state.reason ?? '');
    default:
      return undefined;
  }
}

function restrictedMessage(): string {
  return l10n.t('This window is in Restricted Mode: it checks no job and sends nothing. Trust the folder to check jobs from here.');
}

/** Creates the view and keeps its badge, message and relative ages current. */
export function createJobsView(
  tracker: JobTracker,
  reviewed: ReviewedJobs,
  /** Settles once the jobs are read from disk; `mark` hears the view registered, and each top-level request and answer. */
  start: { read: Promise<unknown>; mark: (step: 'viewRegistered' | 'viewAsked' | 'firstAnswer') => void },
): vscode.Disposable & { provider: JobTreeProvider } {
  const provider = new JobTreeProvider(tracker, reviewed);
  const notes = { asked: () => start.mark('viewAsked'), answered: () => start.mark('firstAnswer') };
  const treeDataProvider = answeringOnceRead(provider, start.read, notes);
  const view = vscode.window.createTreeView(jobsViewId, { treeDataProvider, canSelectMany: true });
  start.mark('viewRegistered');
  let ageTimer: ReturnType<typeof setTimeout> | undefined;

  const update = (): void => {
    provider.refresh();
    const running = tracker.jobs().filter(isRunning).length;
    view.badge = running ? { value: running, tooltip: runningJobsText(running) } : undefined;
    // Restricted Mode is this window's own state: it checks nothing, and the others never hear of it.
    view.message = mayWorkForMachine() ? stateMessage(tracker.pollStatus, Date.now()) : restrictedMessage();
    void vscode.commands.executeCommand('setContext', contextKeys.hasJobs, tracker.jobs().length > 0);
    // Ages ("5 min ago") move on their own: redraw once a minute while the view shows jobs.
    clearTimeout(ageTimer);
    if (view.visible && tracker.jobs().length) ageTimer = setTimeout(update, 60_000);
  };

  update();
  const listeners = [
    tracker.onDidChange(update),
    view.onDidChangeVisibility(update),
    reviewed.onDidChange(() => provider.refresh()),
    onDidAllowMachineWork(update),
  ];
  const disposable = vscode.Disposable.from(view, provider, ...listeners, { dispose: () => clearTimeout(ageTimer) });
  return {
    provider,
    dispose: () => {
      disposable.dispose();
    },
  };
}
