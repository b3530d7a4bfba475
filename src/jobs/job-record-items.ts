// A job's record under its row in the Agent Jobs tree, oldest first: what was asked, each
// follow-up (a review with its comment count), each finish with its pull request. The API keeps no
// messages, so this is what this machine sent and saw (job-history.ts). Labels are plain text.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { relativeTime } from '../platform/relative-time';
import type { JobEvent } from './job-history';
import { firstLine } from './prompt-text';
import { createdAtOf, jobKeyOf, type TrackedJob } from './tracked-job';
import { count, plural } from '../platform/words';

export class JobRecordItem extends vscode.TreeItem {}

/** "Finished: completed with pull request #12" from a link the service sent, else the status as said. */
function finishLabel(event: Extract<JobEvent, { kind: 'finished' }>): string {
  switch (event.status) {
    case 'completed': {
      const number = event.prLink ? /\/(?:pull|merge_requests)\/(\d+)/.exec(event.prLink)?.[1] : undefined;
      if (number) return l10n.t('Finished: completed with pull request #{0}', number);
      // A link it cannot read as a pull request's (one the row refuses, perhaps) is not called one.
      return event.prLink ? l10n.t('Finished: completed') : l10n.t('Finished: completed, no pull request');
    }
    case 'failed':
      return l10n.t('Finished: failed');
    case 'archived':
      return l10n.t('Finished: archived');
    default:
      // A status the contract does not list, as the service sent it.
      return l10n.t('Finished: {0}', event.status);
  }
}

function recordItem(job: TrackedJob, index: number, label: string, icon: string, at?: string, text?: string): JobRecordItem {
  const item = new JobRecordItem(label, vscode.TreeItemCollapsibleState.None);
  item.id = `${jobKeyOf(job)} record ${index}`;
  item.iconPath = new vscode.ThemeIcon(icon);
  // Not "job…": the job rows' menus match that.
  item.contextValue = 'record';
  if (at) item.description = relativeTime(at, Date.now());
  // Plain text: the whole prompt as written.
  item.tooltip = text ?? label;
  return item;
}

function eventItem(job: TrackedJob, index: number, event: JobEvent): JobRecordItem {
  if (event.kind === 'finished') {
    const icon = event.status === 'completed' ? 'check' : event.status === 'failed' ? 'error' : 'circle-outline';
    return recordItem(job, index, finishLabel(event), icon, event.at, event.prLink);
  }
  if (event.review) {
    const n = event.review;
    const label = plural(n, l10n.t('You sent a review: {0} comment', count(n)), l10n.t('You sent a review: {0} comments', count(n)));
    return recordItem(job, index, label, 'comment-discussion', event.at, event.text);
  }
  return recordItem(job, index, l10n.t('Follow-up: {0}', firstLine(event.text, 80)), 'reply', event.at, event.text);
}

/** Whether the job has a record to unfold, without building its rows (every redraw of the tree asks). */
export function hasRecord(job: TrackedJob): boolean {
  return job.prompt !== '' || (job.history ?? job.followUps).length > 0;
}

/** The record's rows; a job kept by an older version shows its follow-ups without times. */
export function recordItemsOf(job: TrackedJob): JobRecordItem[] {
  const asked = job.prompt
    ? [recordItem(job, 0, l10n.t('You asked: {0}', firstLine(job.prompt, 80)), 'comment', createdAtOf(job), job.prompt)]
    : [];
  const events = job.history
    ? job.history.map((event, i) => eventItem(job, i + 1, event))
    : job.followUps.map((text, i) => recordItem(job, i + 1, l10n.t('Follow-up: {0}', firstLine(text, 80)), 'reply', undefined, text));
  return [...asked, ...events];
}
