// The page's only link to the extension: typed messages out, and the state VS Code keeps
// for the page across reloads (a hidden panel's page is thrown away and rebuilt).
import { type FromPage, isRangeChoice, type PageState, type PathRow } from '../../visitors/protocol';

const columns: ReadonlySet<string> = new Set<keyof PathRow>(['path', 'human', 'ai', 'total']);

const api = acquireVsCodeApi();
let state: PageState = sanitize(api.getState());

export function post(message: FromPage): void {
  api.postMessage(message);
}

export function savedState(): PageState {
  return state;
}

export function saveState(patch: Partial<PageState>): void {
  state = { ...state, ...patch };
  api.setState(state);
}

/** Saved state may come from an older version of this page: keep only what still fits. */
function sanitize(saved: unknown): PageState {
  if (typeof saved !== 'object' || saved === null) return {};
  const s = saved as Record<string, unknown>;
  const out: PageState = {};
  if (s.tab === 'chart' || s.tab === 'table') out.tab = s.tab;
  if (typeof s.filter === 'string') out.filter = s.filter;
  const sort = s.sort as Record<string, unknown> | undefined;
  if (sort && typeof sort.column === 'string' && columns.has(sort.column) && typeof sort.descending === 'boolean') {
    out.sort = { column: sort.column as keyof PathRow, descending: sort.descending };
  }
  if (isRangeChoice(s.range)) out.range = s.range;
  return out;
}
