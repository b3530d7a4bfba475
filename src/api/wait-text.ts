import * as l10n from '@vscode/l10n';
import { count, plural } from '../platform/words';

/** "45 seconds", "3 minutes", "2 hours": how long a user will wait, rounded up. */
export function formatWait(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 90) return plural(seconds, l10n.t('{0} second', count(seconds)), l10n.t('{0} seconds', count(seconds)));
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 90) return plural(minutes, l10n.t('{0} minute', count(minutes)), l10n.t('{0} minutes', count(minutes)));
  const hours = Math.ceil(minutes / 60);
  return plural(hours, l10n.t('{0} hour', count(hours)), l10n.t('{0} hours', count(hours)));
}
