// A job's record under its row in the Agent Jobs tree, oldest first (job-record-entries.ts says
// what it holds). Labels are plain text.
import * as vscode from 'vscode';
import { relativeTime } from '../platform/relative-time';
import { recordEntriesOf, type RecordEntry } from './job-record-entries';
import { jobKeyOf, type TrackedJob } from './tracked-job';

export { hasRecord } from './job-record-entries';

export class JobRecordItem extends vscode.TreeItem {}

function recordItem(job: TrackedJob, index: number, entry: RecordEntry): JobRecordItem {
  const item = new JobRecordItem(entry.label, vscode.TreeItemCollapsibleState.None);
  item.id = `${jobKeyOf(job)} record ${index}`;
  item.iconPath = new vscode.ThemeIcon(entry.icon);
  // Not "job…": the job rows' menus match that.
  item.contextValue = 'record';
  if (entry.at) item.description = relativeTime(entry.at, Date.now());
  // Plain text: the whole prompt as written.
  item.tooltip = entry.text ?? entry.label;
  return item;
}

/** The record's rows; a job kept by an older version shows its follow-ups without times. */
export function recordItemsOf(job: TrackedJob): JobRecordItem[] {
  // Ids as before: the prompt's row is 0 and the events count from 1, with or without it.
  const first = job.prompt ? 0 : 1;
  return recordEntriesOf(job).map((entry, i) => recordItem(job, i + first, entry));
}
