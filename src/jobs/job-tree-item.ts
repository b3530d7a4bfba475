// How one tracked job looks in the tree: icon per status (spinning while active), label from
// the prompt, age and branch, a tooltip with every field, and contextValue tokens that the
// menus in package.json match ("job active", "job completed has-pr", ...).
import * as vscode from 'vscode';
import { relativeTime } from '../util/relative-time';
import { webLink } from './pr-link';
import { isPollable, keyOf, titleOf, type TrackedJob } from './tracked-job';

interface Look {
  icon: string;
  color?: string;
  word: string;
}

function lookOf(job: TrackedJob): Look {
  if (job.notFound) return { icon: 'warning', color: 'problemsWarningIcon.foreground', word: 'not found' };
  const { status, prLink, rawStatus } = job.job;
  switch (status) {
    case 'active':
      return { icon: 'sync~spin', word: 'running' };
    case 'completed':
      if (webLink(prLink)) return { icon: 'git-pull-request', color: 'testing.iconPassed', word: 'pull request ready' };
      // A link that is not a web address is never offered: it could run something locally.
      return prLink
        ? { icon: 'check', color: 'testing.iconPassed', word: 'completed, link refused' }
        : { icon: 'check', color: 'testing.iconPassed', word: 'no files changed' };
    case 'failed':
      return { icon: 'error', color: 'testing.iconFailed', word: 'failed' };
    case 'archived':
      return { icon: 'archive', word: 'archived' };
    case 'unknown':
      return { icon: 'question', word: `status “${rawStatus}”` };
  }
}

export function contextValueOf(job: TrackedJob): string {
  const tokens = ['job', job.notFound ? 'not-found' : job.job.status];
  if (webLink(job.job.prLink)) tokens.push('has-pr');
  if (isPollable(job)) tokens.push('pollable');
  return tokens.join(' ');
}

export class JobTreeItem extends vscode.TreeItem {
  constructor(
    readonly job: TrackedJob,
    now: number,
    /** Why the last check of this job failed, when it did. */
    checkError?: string,
  ) {
    super(titleOf(job), vscode.TreeItemCollapsibleState.None);
    const look = lookOf(job);
    this.id = keyOf(job);
    this.iconPath = new vscode.ThemeIcon(look.icon, look.color ? new vscode.ThemeColor(look.color) : undefined);
    this.description = [look.word, checkError ? 'last check failed' : '', relativeTime(job.job.createdAt, now), job.job.ref ?? '']
      .filter(Boolean)
      .join(' · ');
    this.contextValue = contextValueOf(job);
    this.tooltip = tooltipOf(job, look, checkError);
    this.accessibilityInformation = { label: `${titleOf(job)}, ${look.word}, ${relativeTime(job.job.createdAt, now)}` };
  }
}

function tooltipOf(job: TrackedJob, look: Look, checkError: string | undefined): vscode.MarkdownString {
  // Every value comes from the service or the user: appended as text, never as Markdown.
  const tip = new vscode.MarkdownString(undefined, true);
  const row = (name: string, value: string | null | undefined): void => {
    if (!value) return;
    tip.appendMarkdown(`**${name}:** `);
    tip.appendText(value);
    tip.appendMarkdown('  \n');
  };
  tip.appendMarkdown(`$(${look.icon.replace('~spin', '')}) `);
  tip.appendText(titleOf(job));
  tip.appendMarkdown('\n\n');
  row('Status', look.word);
  row('Job ID', job.id);
  row('Project', job.projectId);
  row('Repository', job.job.repository);
  row('Branch', job.job.ref);
  row('Pull request', job.job.prLink);
  row('Model', job.job.model);
  row('Created', new Date(job.job.createdAt).toLocaleString());
  row('Archived', job.job.archivedAt && new Date(job.job.archivedAt).toLocaleString());
  row('Last checked', new Date(job.lastCheckedAt).toLocaleString());
  row('Last check failed', checkError && `${checkError} (checked again later; Show Log has the details)`);
  if (job.followUps.length) row('Follow-ups', String(job.followUps.length));
  if (job.prompt) {
    tip.appendMarkdown('\n---\n\n');
    tip.appendText(job.prompt.length > 500 ? `${job.prompt.slice(0, 500)}…` : job.prompt);
  }
  return tip;
}
