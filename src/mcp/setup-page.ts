// What Connect Another AI Agent (MCP)… shows: the address and token, and the exact setup for each
// kind of agent, in the writer's words. Plain text in a read-only document, so it can be copied.
import * as l10n from '@vscode/l10n';
import { claudeCodeCommand, mcpServersJson } from './setup-text';
import type { McpAddress } from './mcp-service';

export type NotServing = 'off' | 'restricted' | 'starting';

export interface SetupState {
  address?: McpAddress;
  token: string;
  /** Why no window serves the tools now (when `address` is undefined). */
  notServing?: NotServing;
  /** Cursor's agent was given the server (this editor is Cursor, the window trusted, the server proved). */
  inCursor: boolean;
}

function notServingText(reason: NotServing | undefined): string {
  switch (reason) {
    case 'off':
      return l10n.t('The MCP server is off: the setting docsAgent.mcp.enabled is off. Turn it on, then run this command again.');
    case 'restricted':
      return l10n.t(
        'This window is in Restricted Mode, and no other window of this editor serves the tools. Trust this folder, or open a trusted one, then run this command again.',
      );
    default:
      return l10n.t('The MCP server is starting. Run this command again in a moment.');
  }
}

export function setupPage(state: SetupState): string {
  const title = `# ${l10n.t('Connect an AI agent to Docs Agent')}`;
  const intro = l10n.t(
    'Any AI agent on this computer can use Docs Agent’s tools (agent jobs, previews, visitors, what readers said) while this editor is open. Every job, follow-up or preview an agent asks for waits for your answer here, in the editor.',
  );
  if (!state.address) return [title, '', intro, '', notServingText(state.notServing), ''].join('\n');
  const { url } = state.address;
  const lines = [
    title,
    '',
    intro,
    '',
    `- ${l10n.t('Address: {0}', url)}`,
    `- ${l10n.t('Token: {0}', state.token)}`,
    '',
    l10n.t(
      'Keep the token to yourself: anyone with it can ask for jobs on your behalf (you still answer each one). Reset the MCP Token makes a new one; agents set up with the old one stop working.',
    ),
    '',
    `## ${l10n.t('VS Code’s own chat')}`,
    '',
    l10n.t('Nothing to do: the tools are already in Copilot Chat’s agent mode.'),
    '',
    `## Cursor`,
    '',
    state.inCursor
      ? l10n.t('Nothing to do: Docs Agent gave Cursor’s agent its tools.')
      : l10n.t(
          'Cursor’s agent gets the tools by itself when Docs Agent runs in Cursor. For Cursor beside this editor, add the JSON below to Cursor’s MCP settings.',
        ),
    '',
    `## Claude Code`,
    '',
    l10n.t('Run this once in a terminal:'),
    '',
    '```sh',
    claudeCodeCommand(url, state.token),
    '```',
    '',
    `## ${l10n.t('Windsurf, Cline, Continue and other agents')}`,
    '',
    l10n.t('Add this to the agent’s MCP settings (its `mcpServers` part):'),
    '',
    '```json',
    mcpServersJson(url, state.token),
    '```',
    '',
  ];
  return lines.join('\n');
}
