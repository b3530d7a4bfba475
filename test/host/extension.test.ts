import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';

const extensionId = 'docs-agent.mintlify-docs-agent';

describe('the extension in a real VS Code', () => {
  it('is installed and activates on its own command', async () => {
    const extension = vscode.extensions.getExtension(extensionId);
    assert.ok(extension, `${extensionId} is not installed`);
    await vscode.commands.executeCommand('docsAgent.showLog');
    assert.equal(extension.isActive, true);
  });

  it('registers every command it contributes', async () => {
    const extension = vscode.extensions.getExtension(extensionId);
    const contributed = (extension?.packageJSON as { contributes: { commands: { command: string }[] } }).contributes.commands.map(
      (c) => c.command,
    );
    const registered = new Set(await vscode.commands.getCommands(true));
    assert.ok(contributed.length > 0);
    for (const command of contributed) assert.ok(registered.has(command), `${command} is not registered`);
  });

  it('starts at startup in the fixture, whose site is at docs/docs.json: a place its literal activation paths name', () => {
    const extension = vscode.extensions.getExtension(extensionId);
    assert.ok(extension?.isActive);
    const events = (extension.packageJSON as { activationEvents?: string[] }).activationEvents ?? [];
    assert.ok(!events.includes('*'));
    assert.ok(!events.includes('onStartupFinished'));
    assert.ok(events.includes('workspaceContains:docs/docs.json'));
  });

  it('reads its settings with the documented defaults, per folder', () => {
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder, 'the fixture docs site is open');
    const config = vscode.workspace.getConfiguration('docsAgent', folder.uri);
    assert.equal(config.inspect<string>('baseUrl')?.defaultValue, 'https://api.mintlify.com');
    assert.equal(config.inspect<string>('projectId')?.defaultValue, '');
  });
});
