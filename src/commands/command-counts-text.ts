// The commands' sentences that count something (jobs, commits, prompts, files), apart from the
// handlers that show them so plain Node tests read each in every language, for one item and for many.
import * as l10n from '@vscode/l10n';
import { count, plural } from '../platform/words';

/** Asked before clearing finished jobs, when the service no longer finds some tracked ones. */
export function notFoundQuestion(missing: number): { message: string; also: string } {
  return {
    message: plural(
      missing,
      l10n.t('{0} tracked job is not found by the service. Stop following it too?', count(missing)),
      l10n.t('{0} tracked jobs are not found by the service. Stop following them too?', count(missing)),
    ),
    also: plural(missing, l10n.t('Also Stop Tracking It'), l10n.t('Also Stop Tracking Them')),
  };
}

/** "Stopped tracking 3 finished jobs". */
export function stoppedTrackingText(cleared: number): string {
  return plural(
    cleared,
    l10n.t('Stopped tracking {0} finished job', count(cleared)),
    l10n.t('Stopped tracking {0} finished jobs', count(cleared)),
  );
}

/** "Copied the job ID", "Copied 3 job IDs". */
export function copiedIdsText(n: number): string {
  if (n === 1) return l10n.t('Copied the job ID');
  return plural(n, l10n.t('Copied {0} job ID', count(n)), l10n.t('Copied {0} job IDs', count(n)));
}

/** Asked before a preview of a branch with commits the remote lacks, and the button that previews anyway. */
export function unpushedCommitsQuestion(branch: string, ahead: number): { message: string; anyway: string } {
  return {
    message: plural(
      ahead,
      l10n.t('Branch {0} has {1} commit the remote does not have; the preview would not show it.', branch, count(ahead)),
      l10n.t('Branch {0} has {1} commits the remote does not have; the preview would not show them.', branch, count(ahead)),
    ),
    anyway: plural(
      ahead,
      l10n.t({ message: 'Preview Without It', args: [], comment: ['Button: previews the branch without the one commit the remote lacks'] }),
      l10n.t('Preview Without Them'),
    ),
  };
}

/** Before sending several prompts: the detail's head ("3 prompts, one job each:") and the button ("Send 3 Jobs"). */
export function sendPromptsText(n: number): { head: string; send: string } {
  return {
    head: plural(n, l10n.t('{0} prompt, one job each:', count(n)), l10n.t('{0} prompts, one job each:', count(n))),
    send:
      n === 1
        ? l10n.t({ message: 'Send', args: [], comment: ['Button: sends the prompt to the agent as a job'] })
        : plural(n, l10n.t('Send {0} Job', count(n)), l10n.t('Send {0} Jobs', count(n))),
  };
}

/** After Check Out: "Switched to docs-agent/x with the agent’s change (3 files)." */
export function switchedText(branch: string, files: number): string {
  return plural(
    files,
    l10n.t('Switched to {0} with the agent’s change ({1} file).', branch, count(files)),
    l10n.t('Switched to {0} with the agent’s change ({1} files).', branch, count(files)),
  );
}

/** After Apply File: "Applied the agent’s version of intro.mdx (1 of 3 files in the change)." */
export function appliedFileText(name: string, files: number): string {
  return plural(
    files,
    l10n.t('Applied the agent’s version of {0} ({1} of {2} file in the change).', name, count(1), count(files)),
    l10n.t('Applied the agent’s version of {0} ({1} of {2} files in the change).', name, count(1), count(files)),
  );
}
