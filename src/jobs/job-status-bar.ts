// "$(sync~spin) 2 agent jobs running" in the status bar while jobs run; a click opens the view.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { JobTracker } from './job-tracker';
import { viewIds } from '../platform/manifest-ids';
import { isRunning } from './tracked-job';
import { count, plural } from '../platform/words';

/** "2 agent jobs running" (the status bar's text and the view's badge say it alike). */
export function runningJobsText(running: number): string {
  return plural(running, l10n.t('{0} agent job running', count(running)), l10n.t('{0} agent jobs running', count(running)));
}

export function createJobsStatusBar(tracker: JobTracker): vscode.Disposable {
  const item = vscode.window.createStatusBarItem('docsAgent.jobs', vscode.StatusBarAlignment.Left, 50);
  item.name = l10n.t('Docs Agent Jobs');
  item.command = `${viewIds.jobs}.focus`;

  const update = (): void => {
    const running = tracker.jobs().filter(isRunning).length;
    const state = tracker.pollStatus.kind;
    if (running === 0) {
      item.hide();
      return;
    }
    const offline = state === 'offline' || state === 'blocked' || state === 'rateLimited';
    item.text = `${offline ? '$(cloud-offline)' : '$(sync~spin)'} ${runningJobsText(running)}`;
    item.tooltip = offline ? l10n.t('Docs Agent cannot check its jobs right now: open the view for why') : l10n.t('Show the agent jobs');
    item.show();
  };

  update();
  return vscode.Disposable.from(item, tracker.onDidChange(update));
}
