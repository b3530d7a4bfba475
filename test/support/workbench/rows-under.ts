// The rows under one job's row in the Agent Jobs tree (its record, then its previews), read by
// the list's row numbers and levels: one job's "Preview · ready" is told from another job's.
import type { Workbench } from './workbench';

const readRows = (job: string): string => `(() => {
  const pane = [...document.querySelectorAll('[id="workbench.parts.sidebar"] .pane')]
    .find((p) => (p.querySelector('.pane-header')?.textContent ?? '').startsWith('Agent Jobs'));
  const rows = [...(pane?.querySelectorAll('.monaco-list-row[data-index]') ?? [])]
    .sort((a, b) => Number(a.dataset.index) - Number(b.dataset.index));
  const text = (row) => row.textContent.replace(/\\s+/g, ' ').trim();
  const at = rows.findIndex((row) => row.getAttribute('aria-level') === '1' && text(row).includes(${JSON.stringify(job)}));
  const under = [];
  for (const row of at < 0 ? [] : rows.slice(at + 1)) {
    if (row.getAttribute('aria-level') === '1') break;
    under.push(text(row));
  }
  return under;
})()`;

/** The text of each row under the job whose row holds `job` (none when it is not shown). */
export function rowsUnder(workbench: Workbench, job: string): Promise<string[]> {
  return workbench.page.evaluate<string[]>(readRows(job));
}

/** The job's preview row, if it has one. */
export async function previewRowOf(workbench: Workbench, job: string): Promise<string | undefined> {
  return (await rowsUnder(workbench, job)).find((row) => row.startsWith('Preview'));
}

/** Waits (with a deadline) until the job's preview row holds `text`; returns that row's text. */
export async function previewRowShows(workbench: Workbench, job: string, text: string, timeoutMs = 30_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await previewRowOf(workbench, job);
    if (row?.includes(text)) return row;
    if (Date.now() > deadline) throw new Error(`the preview row of “${job}” does not show “${text}”: ${row ?? 'no preview row'}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
