// Composition root: builds the services once and registers everything; no logic of its own.
import * as vscode from 'vscode';

export function activate(context: vscode.ExtensionContext): void {
  const log = vscode.window.createOutputChannel('Docs Agent', { log: true });
  context.subscriptions.push(
    log,
    vscode.commands.registerCommand('docsAgent.showLog', () => log.show()),
  );
  log.info(`Docs Agent ${String(context.extension.packageJSON.version)} is active.`);
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
