// How one tracked job looks in the tree: icon per status (spinning while active), label from
// the prompt, age and branch, a tooltip with every field, and contextValue tokens that the
// menus in package.json match ("job active", "job completed has-pr", ...).
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { tooltipRows } from '../editor/markdown-text';
import { relativeTime } from '../platform/relative-time';
import { pullRequestHosts } from '../editor/config';
import { type LinkVerdict, pullRequestLink } from './pr-link';
import { createdAtOf, isPollable, jobKeyOf, titleOf, type TrackedJob } from './tracked-job';
import { checkTimeText } from './check-times';
import { reviewedCountOf } from './job-history';
import { reviewedLabel } from './job-record-entries';
import { refusalWord } from './job-refusal';
import { commandIds } from '../platform/manifest-ids';
import { count, dateTime } from '../platform/words';

interface Look {
  icon: string;
  color?: string;
  word: string;
}

function lookOf(job: TrackedJob, link: LinkVerdict | undefined): Look {
  if (job.notFound) {
    const word = l10n.t({ message: 'not found', args: [], comment: ['A job’s status: the service no longer finds it'] });
    return { icon: 'warning', color: 'problemsWarningIcon.foreground', word };
  }
  const { status, rawStatus } = job.job;
  switch (status) {
    case 'active': {
      const word = l10n.t({ message: 'running', args: [], comment: ['A job’s status'] });
      // Not spinning while it is not checked: nothing here follows it until the writer acts.
      return job.refused ? { icon: 'warning', color: 'problemsWarningIcon.foreground', word } : { icon: 'sync~spin', word };
    }
    case 'completed':
      if (link && 'url' in link) return { icon: 'git-pull-request', color: 'testing.iconPassed', word: l10n.t('pull request ready') };
      // A refused link is never offered: it could run something locally, or open another host.
      return link
        ? { icon: 'check', color: 'testing.iconPassed', word: l10n.t('completed, link refused') }
        : { icon: 'check', color: 'testing.iconPassed', word: l10n.t('no pull request') };
    case 'failed':
      return { icon: 'error', color: 'testing.iconFailed', word: l10n.t({ message: 'failed', args: [], comment: ['A job’s status'] }) };
    case 'archived':
      return { icon: 'archive', word: l10n.t({ message: 'archived', args: [], comment: ['A job’s status'] }) };
    case 'unknown':
      return { icon: 'question', word: l10n.t('status “{0}”', rawStatus) };
  }
}

export function contextValueOf(job: TrackedJob, link = pullRequestLink(job.job, pullRequestHosts()), reviewed = false): string {
  const tokens = ['job', job.notFound ? 'not-found' : job.job.status];
  if (link && 'url' in link) tokens.push('has-pr');
  // A branch to fetch: Review Changes works from it when no pull request link does.
  if (job.job.ref) tokens.push('has-branch');
  if (isPollable(job)) tokens.push('pollable');
  // Not checked for a reason of its own (its address, its project): the row offers the way out.
  if (job.refused) tokens.push('refused');
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
    const failed = job.refused ? refusalWord(job.refused) : checkError ? l10n.t('last check failed') : '';
    // Where the writer's review of its change stands ("Reviewed 3 of 7 changes"), once they marked one.
    const review = reviewedCountOf(job.history);
    const reviewedWords = review ? reviewedLabel(review) : '';
    this.description = [look.word, failed, relativeTime(createdAtOf(job), now), job.job.ref ?? '', reviewedWords]
      .filter(Boolean)
      .join(' · ');
    this.contextValue = contextValueOf(job, link, reviewed);
    // A click on a finished job with a change opens that change, as a pull request's row does
    // in the Pull Requests extension; a running job's row only selects it.
    if (job.job.status === 'completed' && !job.notFound && ((link && 'url' in link) || job.job.ref)) {
      this.command = { command: commandIds.reviewChanges, title: l10n.t('Review Job’s Changes'), arguments: [job] };
    } else if (job.refused) {
      // A refused job's row says why, and offers Stop Following (or confirming its address).
      this.command = { command: commandIds.resolveRefusedJob, title: l10n.t('Why Is This Job Not Checked?'), arguments: [job] };
    }
    this.tooltip = tooltipOf(job, look, link, checkedAt);
    const label = l10n.t({
      message: '{0}, {1}, {2}',
      args: [titleOf(job), look.word, relativeTime(createdAtOf(job), now)],
      comment: ['What a screen reader says of a job’s row: its title, its status, its age ("5 min. ago")'],
    });
    this.accessibilityInformation = { label: reviewedWords ? `${label}, ${reviewedWords}` : label };
  }
}

function tooltipOf(job: TrackedJob, look: Look, link: LinkVerdict | undefined, checkedAt: number | undefined): vscode.MarkdownString {
  const { tip, row } = tooltipRows();
  tip.appendMarkdown(`$(${look.icon.replace('~spin', '')}) `);
  tip.appendText(titleOf(job));
  tip.appendMarkdown('\n\n');
  row(l10n.t('Status'), look.word);
  row(l10n.t('Job ID'), job.id);
  row(l10n.t('Project'), job.projectId);
  row(l10n.t('Repository'), job.job.repository);
  row(l10n.t('Branch'), job.job.ref);
  const refused = link && 'refused' in link ? link.refused : undefined;
  row(l10n.t('Pull request'), job.job.prLink && (refused ? l10n.t('{0} (refused: {1})', job.job.prLink, refused) : job.job.prLink));
  row(l10n.t('Model'), job.job.model);
  row(
    l10n.t({ message: 'Started by', args: [], comment: ['Tooltip row: the AI agent that started the job (“Claude Code”)'] }),
    job.startedBy,
  );
  row(l10n.t('Created'), job.job.createdAt && dateTime(job.job.createdAt));
  row(l10n.t('Tracked since'), dateTime(job.trackedAt));
  row(
    l10n.t({ message: 'Archived', args: [], comment: ['Tooltip row: when the job was archived'] }),
    job.job.archivedAt && dateTime(job.job.archivedAt),
  );
  row(l10n.t('Last changed'), dateTime(job.changedAt));
  row(l10n.t('Last checked'), checkedAt === undefined ? undefined : checkTimeText(checkedAt));
  if (job.refused) row(l10n.t({ message: 'Not checked', args: [], comment: ['Tooltip row: why the job is not checked'] }), job.checkError);
  else row(l10n.t('Last check failed'), job.checkError && l10n.t('{0} (checked again later; Show Log has the details)', job.checkError));
  if (job.notFound) row(l10n.t('Not found'), l10n.t('the service answered 404 for minutes; still checked now and then'));
  if (job.followUps.length) row(l10n.t('Follow-ups'), count(job.followUps.length));
  if (job.prompt) {
    tip.appendMarkdown('\n---\n\n');
    tip.appendText(job.prompt.length > 500 ? `${job.prompt.slice(0, 500)}…` : job.prompt);
  }
  return tip;
}
