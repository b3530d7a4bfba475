// "$(sync~spin) 2 agent jobs running" in the status bar while jobs run; a click opens the view.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { JobTracker } from './job-tracker';
import { viewIds } from '../platform/manifest-ids';
import { isRunning } from './tracked-job';
import { runningJobsText } from './running-jobs-text';

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
