import * as l10n from '@vscode/l10n';
import { displayLanguage } from './words';

/** "just now", "5 min. ago", "3 hr. ago", "2 days ago" (in the display language): short enough for a tree item's description. */
export function relativeTime(then: string, now: number): string {
  const ms = now - Date.parse(then);
  if (!Number.isFinite(ms)) return '';
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return l10n.t('just now');
  const ago = new Intl.RelativeTimeFormat(displayLanguage(), { style: 'short', numeric: 'always' });
  if (minutes < 60) return ago.format(-minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return ago.format(-hours, 'hour');
  return ago.format(-Math.floor(hours / 24), 'day');
}
