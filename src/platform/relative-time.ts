/** "just now", "5 min ago", "3 h ago", "2 d ago": short enough for a tree item's description. */
export function relativeTime(then: string, now: number): string {
  const ms = now - Date.parse(then);
  if (!Number.isFinite(ms)) return '';
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} d ago`;
}
