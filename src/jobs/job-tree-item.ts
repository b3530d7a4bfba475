// How one tracked job looks in the tree: icon per status (spinning while active), label from
// the prompt, age and branch, a tooltip with every field, and contextValue tokens that the
// menus in package.json match ("job active", "job completed has-pr", ...).
import * as vscode from 'vscode';
import { tooltipRows } from '../editor/markdown-text';
import { relativeTime } from '../platform/relative-time';
import { pullRequestHosts } from '../editor/config';
import { type LinkVerdict, pullRequestLink } from './pr-link';
import { createdAtOf, isPollable, jobKeyOf, titleOf, type TrackedJob } from './tracked-job';
import { checkTimeFormat } from './check-times';
import { commandIds } from '../platform/manifest-ids';

interface Look {
  icon: string;
  color?: string;
  word: string;
}

function lookOf(job: TrackedJob, link: LinkVerdict | undefined): Look {
  if (job.notFound) return { icon: 'warning', color: 'problemsWarningIcon.foreground', word: 'not found' };
  const { status, rawStatus } = job.job;
  switch (status) {
    case 'active':
      return { icon: 'sync~spin', word: 'running' };
    case 'completed':
      if (link && 'url' in link) return { icon: 'git-pull-request', color: 'testing.iconPassed', word: 'pull request ready' };
      // A refused link is never offered: it could run something locally, or open another host.
      return link
        ? { icon: 'check', color: 'testing.iconPassed', word: 'completed, link refused' }
        : { icon: 'check', color: 'testing.iconPassed', word: 'no pull request' };
    case 'failed':
      return { icon: 'error', color: 'testing.iconFailed', word: 'failed' };
    case 'archived':
      return { icon: 'archive', word: 'archived' };
    case 'unknown':
      return { icon: 'question', word: `status “${rawStatus}”` };
  }
}

export function contextValueOf(job: TrackedJob, link = pullRequestLink(job.job, pullRequestHosts()), reviewed = false): string {
  const tokens = ['job', job.notFound ? 'not-found' : job.job.status];
  if (link && 'url' in link) tokens.push('has-pr');
  // A branch to fetch: Review Changes works from it when no pull request link does.
  if (job.job.ref) tokens.push('has-branch');
  if (isPollable(job)) tokens.push('pollable');
  // The writer sent it a review: what changed since can be shown.
  if (reviewed) tokens.push('reviewed');
  return tokens.join(' ');
}

export class JobTreeItem extends vscode.TreeItem {
  constructor(
    readonly job: TrackedJob,
    now: number,
    /** When this window last had an answer for it. */
    checkedAt?: number,
    /** The writer has sent it a review. */
    reviewed = false,
  ) {
    const checkError = job.checkError;
    super(titleOf(job), vscode.TreeItemCollapsibleState.None);
    const link = pullRequestLink(job.job, pullRequestHosts());
    const look = lookOf(job, link);
    this.id = jobKeyOf(job);
    this.iconPath = new vscode.ThemeIcon(look.icon, look.color ? new vscode.ThemeColor(look.color) : undefined);
    this.description = [look.word, checkError ? 'last check failed' : '', relativeTime(createdAtOf(job), now), job.job.ref ?? '']
      .filter(Boolean)
      .join(' · ');
    this.contextValue = contextValueOf(job, link, reviewed);
    // A click on a finished job with a change opens that change, as a pull request's row does
    // in the Pull Requests extension; a running job's row only selects it.
    if (job.job.status === 'completed' && !job.notFound && ((link && 'url' in link) || job.job.ref)) {
      this.command = { command: commandIds.reviewChanges, title: 'Review Job’s Changes', arguments: [job] };
    }
    this.tooltip = tooltipOf(job, look, link, checkedAt);
    this.accessibilityInformation = { label: `${titleOf(job)}, ${look.word}, ${relativeTime(createdAtOf(job), now)}` };
  }
}

function tooltipOf(job: TrackedJob, look: Look, link: LinkVerdict | undefined, checkedAt: number | undefined): vscode.MarkdownString {
  const { tip, row } = tooltipRows();
  tip.appendMarkdown(`$(${look.icon.replace('~spin', '')}) `);
  tip.appendText(titleOf(job));
  tip.appendMarkdown('\n\n');
  row('Status', look.word);
  row('Job ID', job.id);
  row('Project', job.projectId);
  row('Repository', job.job.repository);
  row('Branch', job.job.ref);
  row('Pull request', job.job.prLink && (link && 'refused' in link ? `${job.job.prLink} (refused: ${link.refused})` : job.job.prLink));
  row('Model', job.job.model);
  row('Created', job.job.createdAt && new Date(job.job.createdAt).toLocaleString());
  row('Tracked since', new Date(job.trackedAt).toLocaleString());
  row('Archived', job.job.archivedAt && new Date(job.job.archivedAt).toLocaleString());
  row('Last changed', new Date(job.changedAt).toLocaleString());
  row('Last checked', checkedAt === undefined ? undefined : new Date(checkedAt).toLocaleString(undefined, checkTimeFormat));
  row('Last check failed', job.checkError && `${job.checkError} (checked again later; Show Log has the details)`);
  if (job.notFound) row('Not found', 'the service answered 404 for minutes; still checked now and then');
  if (job.followUps.length) row('Follow-ups', String(job.followUps.length));
  if (job.prompt) {
    tip.appendMarkdown('\n---\n\n');
    tip.appendText(job.prompt.length > 500 ? `${job.prompt.slice(0, 500)}…` : job.prompt);
  }
  return tip;
}
