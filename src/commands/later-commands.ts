// The commands a window does not need to start: connecting (once per machine), and what a writer
// reaches for once a job has finished (review its change, check it out, preview it, readers around
// its merge; a refused job's way out; setting up another AI agent). Registered at activation, their code loaded the first time one runs.
import type * as vscode from 'vscode';
import {
  keyCommandIds,
  mcpCommandIds,
  mergeTrendCommandIds,
  previewCommandIds,
  refusedJobCommandIds,
  reviewCommandIds,
} from './later-command-ids';
import type { McpFeature } from '../mcp/mcp-feature';
import type { PreviewsFeature } from '../previews/previews-feature';
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
    ...registerOnFirstUse(keyCommandIds, async () => (await import('./key-commands')).keyCommands(deps)),
    ...registerOnFirstUse(reviewCommandIds, async () => (await import('./review-commands')).reviewCommands(deps, shown)),
    ...registerOnFirstUse(previewCommandIds, async () => (await import('./preview-commands')).previewCommands(deps, previews, shown)),
    ...registerOnFirstUse(mergeTrendCommandIds, async () => (await import('./merge-trend-commands')).mergeTrendCommands(deps, panel)),
    ...registerOnFirstUse(refusedJobCommandIds, async () => (await import('./refused-job-command')).refusedJobCommands(deps)),
    ...registerOnFirstUse(mcpCommandIds, async () => (await import('./mcp-commands')).mcpCommands(mcp)),
  ];
}
