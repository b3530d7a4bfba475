// Previews in the Agent Jobs tree: each under the job whose change it shows, and a writer's own
// branches under a "Previews" group after the jobs. Queued, building (spinning, with the time
// so far), ready (click opens the page) or failed (click opens the build log).
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { tooltipRows } from '../editor/markdown-text';
import type { JobTreeExtras } from '../jobs/job-tree';
import type { TrackedJob } from '../jobs/tracked-job';
import { commandIds, contextKeys } from '../platform/manifest-ids';
import { relativeTime } from '../platform/relative-time';
import { dateTime } from '../platform/words';
import { branchesText } from './branches-text';
import { checkPreviewUrl } from './preview-link';
import type { PreviewStore } from './preview-store';
import { elapsedForRow, firstErrorLine, isBuilding, previewKeyOf, statusWord, type TrackedPreview } from './tracked-preview';

const looks: Record<TrackedPreview['status'], { icon: string; color?: string }> = {
  queued: { icon: 'clock' },
  in_progress: { icon: 'sync~spin' },
  success: { icon: 'globe', color: 'testing.iconPassed' },
  failure: { icon: 'error', color: 'testing.iconFailed' },
  unknown: { icon: 'question' },
};

export class PreviewTreeItem extends vscode.TreeItem {
  constructor(
    readonly preview: TrackedPreview,
    now: number,
    withBranch: boolean,
  ) {
    super(
      withBranch ? preview.branch : l10n.t({ message: 'Preview', args: [], comment: ['A row under a job: the preview of its change'] }),
      vscode.TreeItemCollapsibleState.None,
    );
    const key = previewKeyOf(preview);
    const look = preview.notFound ? { icon: 'warning', color: 'problemsWarningIcon.foreground' } : looks[preview.status];
    this.id = `preview ${key}`;
    this.iconPath = new vscode.ThemeIcon(look.icon, look.color ? new vscode.ThemeColor(look.color) : undefined);
    const link = checkPreviewUrl(preview.previewUrl);
    this.description = [
      withBranch ? l10n.t({ message: 'preview', args: [], comment: ['Description of a row named by its branch: it is a preview'] }) : '',
      statusWord(preview),
      elapsedForRow(preview, now),
      preview.checkError ? l10n.t('last check failed') : '',
      preview.status === 'success' && 'host' in link ? link.host : '',
    ]
      .filter(Boolean)
      .join(' · ');
    const tokens = ['preview', preview.status];
    if (preview.status === 'success' && 'url' in link) tokens.push('has-url');
    if (preview.logs.length) tokens.push('has-log');
    if (preview.jobId) tokens.push('of-job');
    // Over, one way or another: it can be built again.
    if (!isBuilding(preview)) tokens.push('ended');
    this.contextValue = tokens.join(' ');
    if (tokens.includes('has-url'))
      this.command = { command: commandIds.openPreview, title: l10n.t('Open Page in Preview'), arguments: [key] };
    else if (preview.status === 'failure')
      this.command = { command: commandIds.showBuildLog, title: l10n.t('Show Build Log'), arguments: [key] };
    this.tooltip = tooltipOf(preview, now);
  }
}

function tooltipOf(preview: TrackedPreview, now: number): vscode.MarkdownString {
  const { tip, row } = tooltipRows();
  row(l10n.t('Preview of branch'), preview.branch);
  const status = [statusWord(preview), elapsedForRow(preview, now)];
  row(
    l10n.t('Status'),
    l10n.t({ message: '{0}, {1}', args: status, comment: ['A preview’s status, then how long it took: "ready, 2 min 5 s"'] }),
  );
  row(l10n.t({ message: 'Address', args: [], comment: ['A web address (URL)'] }), preview.previewUrl);
  const started = [dateTime(preview.startedAt), relativeTime(preview.startedAt, now)];
  row(
    l10n.t('Started'),
    l10n.t({ message: '{0} ({1})', args: started, comment: ['A date and time, then how long ago: "Nov 23, 2026, 10:00 AM (5 min. ago)"'] }),
  );
  row(l10n.t('Summary'), preview.summary);
  if (preview.status === 'failure') row(l10n.t('First error'), firstErrorLine(preview.logs, preview.summary));
  row(l10n.t('Last check failed'), preview.checkError);
  return tip;
}

class PreviewsGroup extends vscode.TreeItem {
  constructor(branches: number) {
    super(l10n.t('Previews'), vscode.TreeItemCollapsibleState.Expanded);
    this.id = 'previews';
    this.iconPath = new vscode.ThemeIcon('globe');
    this.description = branchesText(branches);
    this.contextValue = 'previews';
  }
}

/** What the previews hang in the jobs tree. */
export class PreviewTreeExtras implements JobTreeExtras {
  readonly onDidChange: vscode.Event<void>;

  constructor(private readonly store: PreviewStore) {
    this.onDidChange = (listener) => store.onDidChange(listener);
  }

  childrenOf(job: TrackedJob, now: number): vscode.TreeItem[] {
    return this.store
      .all()
      .filter((p) => p.jobId === job.id && p.projectId === job.projectId && p.baseUrl === job.baseUrl)
      .map((p) => new PreviewTreeItem(p, now, false));
  }

  roots(): vscode.TreeItem[] {
    const own = this.store.all().filter((p) => !p.jobId);
    return own.length ? [new PreviewsGroup(own.length)] : [];
  }

  childrenOfItem(item: vscode.TreeItem, now: number): vscode.TreeItem[] {
    return item instanceof PreviewsGroup
      ? this.store
          .all()
          .filter((p) => !p.jobId)
          .map((p) => new PreviewTreeItem(p, now, true))
      : [];
  }
}

/**
 * Keeps the view current while builds run ("building · 2 min" moves on its own, once a minute)
 * and says whether any preview is followed (`docsAgent.hasPreviews`, for the palette).
 */
export function followBuildsInView(store: PreviewStore, refresh: () => void): vscode.Disposable {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const update = (): void => {
    void vscode.commands.executeCommand('setContext', contextKeys.hasPreviews, store.all().length > 0);
    clearTimeout(timer);
    if (!store.all().some(isBuilding)) return;
    timer = setTimeout(() => {
      refresh();
      update();
    }, 60_000);
  };
  void store.ready.then(update);
  const listener = store.onDidChange(update);
  return new vscode.Disposable(() => {
    clearTimeout(timer);
    listener.dispose();
  });
}
