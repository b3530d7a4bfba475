// The fault matrix's and the security checks' rows, printed as a table once a suite ends.

export interface MatrixRow {
  fault: string;
  shown: string;
  jobsBefore: number;
  jobsAfter: number;
  result: 'handled' | 'FAILED';
}

export function printMatrix(rows: readonly MatrixRow[]): string {
  return printTable(
    ['case', 'message shown', 'jobs before/after', 'result'],
    rows.map((r) => [r.fault, r.shown, `${r.jobsBefore}/${r.jobsAfter}`, r.result]),
  );
}

/** A Markdown table of these cells, white space folded. */
export function printTable(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  const cells = rows.map((row) => row.map((cell) => cell.replace(/\s+/g, ' ')));
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => (c[i] ?? '').length)));
  const line = (c: readonly string[]): string => `| ${c.map((v, i) => v.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...cells.map(line)].join('\n');
}
