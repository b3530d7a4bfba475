// The read-only document Connect Another AI Agent (MCP)… opens: redrawn when the address or the
// token changes, so what the writer copies is always what the server answers to.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { SetupState } from './setup-page';

export const setupScheme = 'docs-agent-mcp';
/** The page's address: its name is the tab's title, in the writer's language. */
export function setupUri(): vscode.Uri {
  return vscode.Uri.from({ scheme: setupScheme, path: `/${l10n.t('Connect an AI agent')}.md` });
}

export class SetupDocument implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;

  constructor(private readonly state: () => Promise<SetupState>) {}

  async provideTextDocumentContent(): Promise<string> {
    // The page's text loads when the page is first shown.
    const { setupPage } = await import('./setup-page');
    return setupPage(await this.state());
  }

  /** The address or token changed: an open setup page shows the new one. */
  refresh(): void {
    this.changed.fire(setupUri());
  }

  dispose(): void {
    this.changed.dispose();
  }
}
