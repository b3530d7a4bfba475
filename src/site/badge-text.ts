// The Explorer badge of a page's visitors: at most two characters (the editor's limit), so
// exact below 100, then one digit and the order of magnitude; the tooltip has the number.

const steps: readonly [limit: number, unit: number, suffix: string][] = [
  [1_000, 100, 'h'],
  [10_000, 1_000, 'k'],
  [1_000_000, 0, 'k+'],
  [10_000_000, 1_000_000, 'M'],
];

export function badgeText(visitors: number): string {
  const n = Math.max(0, Math.floor(Number.isFinite(visitors) ? visitors : 0));
  if (n < 100) return String(n);
  for (const [limit, unit, suffix] of steps) {
    if (n < limit) return unit ? `${Math.floor(n / unit)}${suffix}` : suffix;
  }
  return 'M+';
}
