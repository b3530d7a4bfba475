// The commands a window does not need to start: sending a job and acting on one, connecting (once
// per machine), what a writer reaches for once a job has finished (review its change, check it
// out, preview it, readers around its merge; a refused job's way out; setting up another AI
// agent), and the Pages view's. Registered at activation, their code loaded the first time one runs.
import type * as vscode from 'vscode';
import {
  jobCommandIds,
  keyCommandIds,
  mcpCommandIds,
  mergeTrendCommandIds,
  pagesCommandIds,
  previewCommandIds,
  refusedJobCommandIds,
  reviewCommandIds,
  sendCommandIds,
} from './later-command-ids';
import type { McpFeature } from '../mcp/mcp-feature';
import type { PreviewsFeature } from '../previews/previews-feature';
import type { ReadersFeature } from '../readers/readers-feature';
import type { ShownChanges } from '../review/shown-changes';
import type { CommandDeps } from './deps';
import type { MergePanel } from './merge-trend-commands';
import { registerOnFirstUse } from './on-first-use';

/** `shown` is the window's list of the agent's changes on screen; `panel` the visitors panel. */
export function registerLaterCommands(
  deps: CommandDeps,
  shown: ShownChanges,
  previews: PreviewsFeature,
  panel: MergePanel,
  mcp: McpFeature,
): vscode.Disposable[] {
  return [
    ...registerOnFirstUse(sendCommandIds, async () => (await import('./send-commands')).sendCommands(deps)),
    ...registerOnFirstUse(jobCommandIds, async () => (await import('./job-commands')).jobCommands(deps)),
    ...registerOnFirstUse(keyCommandIds, async () => (await import('./key-commands')).keyCommands(deps)),
    ...registerOnFirstUse(reviewCommandIds, async () => (await import('./review-commands')).reviewCommands(deps, shown)),
    ...registerOnFirstUse(previewCommandIds, async () => (await import('./preview-commands')).previewCommands(deps, previews, shown)),
    ...registerOnFirstUse(mergeTrendCommandIds, async () => (await import('./merge-trend-commands')).mergeTrendCommands(deps, panel)),
    ...registerOnFirstUse(refusedJobCommandIds, async () => (await import('./refused-job-command')).refusedJobCommands(deps)),
    ...registerOnFirstUse(mcpCommandIds, async () => (await import('./mcp-commands')).mcpCommands(mcp)),
  ];
}

/** The Pages view's commands: its rows' buttons and menus, and its title bar's. */
export function registerPagesCommands(
  readers: Pick<ReadersFeature, 'pages' | 'loadMissingReports' | 'loadMissingSignals'>,
): vscode.Disposable[] {
  return registerOnFirstUse(pagesCommandIds, async () =>
    (await import('./pages-commands')).pagesCommands(readers.pages, readers.loadMissingReports, readers.loadMissingSignals),
  );
}
