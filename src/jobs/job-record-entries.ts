// A job's record, oldest first, as lines a person or a model reads: what was asked (and by which
// agent, when one started it), each follow-up (a review with its comment count), each finish with
// its pull request. The API keeps no messages, so this is what this machine sent and saw
// (job-history.ts). The tree's rows (job-record-items.ts) and the job record tool read it. No vscode import.
import * as l10n from '@vscode/l10n';
import type { JobEvent, TakenEvent } from './job-history';
import { firstLine } from './first-line';
import { createdAtOf, type TrackedJob } from './tracked-job';
import { count, plural } from '../platform/words';

export interface RecordEntry {
  /** One line, plain text. */
  label: string;
  /** The codicon the tree shows beside it. */
  icon: string;
  /** When it happened (ISO), where known. */
  at?: string;
  /** The whole text behind the label: a prompt, a pull request's link. */
  text?: string;
}

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

/** "You have applied 3 of 7 changes (2 files)": the count after the writer's last apply or unapply. */
export function takenLabel({ applied, total, files }: Pick<TakenEvent, 'applied' | 'total' | 'files'>): string {
  const args = [count(applied), count(total), count(files)];
  return plural(
    files,
    l10n.t({
      message: 'You have applied {0} of {1} changes ({2} file)',
      args,
      comment: ['How much of the agent’s change is in the writer’s files, after they applied or unapplied one change'],
    }),
    l10n.t({
      message: 'You have applied {0} of {1} changes ({2} files)',
      args,
      comment: ['How much of the agent’s change is in the writer’s files, after they applied or unapplied one change'],
    }),
  );
}

/** "Reviewed 3 of 7 changes": how many of the agent's changes the writer marked Reviewed. */
export function reviewedLabel({ reviewed, total }: { reviewed: number; total: number }): string {
  const args = [count(reviewed), count(total)];
  return plural(
    total,
    l10n.t({ message: 'Reviewed {0} of {1} change', args, comment: ['How many of the agent’s changes the writer marked Reviewed'] }),
    l10n.t({ message: 'Reviewed {0} of {1} changes', args, comment: ['How many of the agent’s changes the writer marked Reviewed'] }),
  );
}

/** "You sent a review: 3 comments". */
export function reviewSentLabel(n: number): string {
  return plural(n, l10n.t('You sent a review: {0} comment', count(n)), l10n.t('You sent a review: {0} comments', count(n)));
}

function eventEntry(event: JobEvent): RecordEntry {
  if (event.kind === 'finished') {
    const icon = event.status === 'completed' ? 'check' : event.status === 'failed' ? 'error' : 'circle-outline';
    return { label: finishLabel(event), icon, at: event.at, ...(event.prLink ? { text: event.prLink } : {}) };
  }
  if (event.kind === 'taken') return { label: takenLabel(event), icon: 'check-all', at: event.at };
  if (event.kind === 'reviewed') return { label: reviewedLabel(event), icon: 'eye', at: event.at };
  if (event.review) {
    return { label: reviewSentLabel(event.review), icon: 'comment-discussion', at: event.at, text: event.text };
  }
  return { label: l10n.t('Follow-up: {0}', firstLine(event.text, 80)), icon: 'reply', at: event.at, text: event.text };
}

/** Whether the job has a record to unfold, without building it (every redraw of the tree asks). */
export function hasRecord(job: TrackedJob): boolean {
  return job.prompt !== '' || (job.history ?? job.followUps).length > 0;
}

/** The record; a job kept by an older version has its follow-ups without times. */
export function recordEntriesOf(job: TrackedJob): RecordEntry[] {
  const first = firstLine(job.prompt, 80);
  const label =
    job.startedBy === undefined
      ? l10n.t('You asked: {0}', first)
      : l10n.t({
          message: 'Started by {0}: {1}',
          args: [job.startedBy, first],
          comment: ['{0} is the AI agent that started the job (“Claude Code”), {1} the first line of its prompt'],
        });
  const asked = job.prompt ? [{ label, icon: 'comment', at: createdAtOf(job), text: job.prompt }] : [];
  const events = job.history
    ? job.history.map(eventEntry)
    : job.followUps.map((text) => ({ label: l10n.t('Follow-up: {0}', firstLine(text, 80)), icon: 'reply', text }));
  return [...asked, ...events];
}
