// The fault matrix's rows, printed as a table once the suite ends.

export interface MatrixRow {
  fault: string;
  shown: string;
  jobsBefore: number;
  jobsAfter: number;
  result: 'handled' | 'FAILED';
}

export function printMatrix(rows: readonly MatrixRow[]): string {
  const header = ['case', 'message shown', 'jobs before/after', 'result'];
  const cells = rows.map((r) => [r.fault, r.shown.replace(/\s+/g, ' '), `${r.jobsBefore}/${r.jobsAfter}`, r.result]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => (c[i] ?? '').length)));
  const line = (c: string[]): string => `| ${c.map((v, i) => v.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...cells.map(line)].join('\n');
}
