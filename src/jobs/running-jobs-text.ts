// How many agent jobs run, in words: the status bar's text and the view's badge say it alike.
// Apart from the status bar so plain Node tests read it in every language.
import * as l10n from '@vscode/l10n';
import { count, plural } from '../platform/words';

/** "2 agent jobs running". */
export function runningJobsText(running: number): string {
  return plural(running, l10n.t('{0} agent job running', count(running)), l10n.t('{0} agent jobs running', count(running)));
}
