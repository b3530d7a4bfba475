// Connect Another AI Agent (MCP)… and Reset the MCP Token: the setup page, and a new token that
// shuts out every agent set up with the old one.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { showInfo, showWarning } from '../editor/say';
import type { McpFeature } from '../mcp/mcp-feature';
import { setupUri } from '../mcp/setup-document';
import type { McpCommandId } from './later-command-ids';
import { commandIds } from '../platform/manifest-ids';

/** How long the setup waits for a window that is starting the server, before saying it is starting. */
const startingMs = 5_000;

async function showSetup(mcp: McpFeature): Promise<void> {
  if ((await mcp.setupState()).notServing === 'starting') await mcp.service.served(startingMs);
  mcp.setup.refresh();
  const document = await vscode.workspace.openTextDocument(setupUri());
  await vscode.window.showTextDocument(document, { preview: false });
  // The server may have started while the page opened: the page shows it.
  mcp.setup.refresh();
}

async function resetToken(mcp: McpFeature): Promise<void> {
  const reset = l10n.t('Reset the Token');
  const chosen = await showWarning(
    l10n.t('Make a new MCP token?'),
    {
      modal: true,
      detail: l10n.t('Every AI agent set up with the current token stops reaching Docs Agent until you set it up again with the new one.'),
    },
    reset,
  );
  if (chosen !== reset) return;
  await mcp.tokens.reset();
  mcp.setup.refresh();
  const show = l10n.t('Show the Setup');
  if ((await showInfo(l10n.t('New MCP token made. Set up your AI agents again with it.'), show)) === show) await showSetup(mcp);
}

export function mcpCommands(mcp: McpFeature): Record<McpCommandId, () => Promise<void>> {
  return {
    [commandIds.connectMcpAgent]: () => showSetup(mcp),
    [commandIds.resetMcpToken]: () => resetToken(mcp),
  };
}
