// How much of the agent's change a sentence counts: hunks applied in how many files (the status
// bar, after Apply or Unapply), and the files Check Out puts on a branch. Apart from the editor's
// views so plain Node tests read them in every language.
import * as l10n from '@vscode/l10n';
import { count, plural } from '../platform/words';

/** How much of a change the working tree holds: hunks applied, of how many, in how many files. */
export interface AppliedCounts {
  applied: number;
  total: number;
  files: number;
}

/** "Applied 3 of 7 changes in 2 files". */
export function appliedSummary({ applied, total, files }: AppliedCounts): string {
  const args = [count(applied), count(total), count(files)];
  return plural(
    files,
    l10n.t({
      message: 'Applied {0} of {1} changes in {2} file',
      args,
      comment: ['How much of the agent’s change is in the writer’s files'],
    }),
    l10n.t({
      message: 'Applied {0} of {1} changes in {2} files',
      args,
      comment: ['How much of the agent’s change is in the writer’s files'],
    }),
  );
}

/** The Check Out item's description: how many files go to the branch. */
export function checkOutDescription(files: number): string {
  return plural(
    files,
    l10n.t('{0} file on a branch of its own', count(files)),
    l10n.t('all {0} files on a branch of their own', count(files)),
  );
}
