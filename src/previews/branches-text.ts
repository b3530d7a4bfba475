// How many branches have previews, beside the Previews group of the jobs tree. Apart from the
// tree so plain Node tests read it in every language.
import * as l10n from '@vscode/l10n';
import { count, plural } from '../platform/words';

/** "3 branches". */
export function branchesText(branches: number): string {
  return plural(branches, l10n.t('{0} branch', count(branches)), l10n.t('{0} branches', count(branches)));
}
