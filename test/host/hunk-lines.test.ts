// Apply This Change and Unapply This Change on pages whose lines end in every way writers' files
// do, through the real commands, the real Git extension and real files: the page is not open, so
// its bytes are read and written as they are. Apply then Unapply gives back the exact bytes;
// applying every change gives the agent's.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { loadGitApi } from '../../src/review/git-api';
import { finishedJob, type HostEmulator, startHostEmulator } from './support';

const folder = (): string => vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? '';
const git = (...args: string[]): string => execFileSync('git', args, { cwd: folder(), encoding: 'utf8' }).trim();
const bytes = (path: string): Buffer => readFileSync(join(folder(), path));

/**
 * Pages whose line breaks the editor and git count differently, committed on main for the agent
 * to change (`[hunks]`: the first paragraph reworded, a tip after the second, a line at the end),
 * and a line of each of the agent's changes.
 */
const pages: Record<string, { text: string; changes: string[] }> = {
  'docs/guides/breaks-crlf.mdx': {
    text: '# Breaks\r\n\r\nEvery line here ends with CR LF.\r\n\r\nThe second paragraph.\r\n\r\nThe end.\r\n',
    changes: ['Tip from the docs agent', 'Last line from the docs agent', '[hunks] Tidy'],
  },
  // The second paragraph holds a lone CR: the editor shows two lines where git counts one, and the
  // agent's tip goes right after it. The page ends without a line break, so git makes the tip and
  // the agent's last line one change.
  'docs/guides/breaks-cr.mdx': {
    text: '# Breaks\n\nThe first paragraph.\n\nThe second paragraph.\rIts second line after a lone CR.\n\nThe end.',
    changes: ['Tip from the docs agent', '[hunks] Tidy'],
  },
};

describe('hunk by hunk on pages with CR LF and a lone CR, byte for byte', () => {
  let host: HostEmulator;
  let mainBefore = '';
  before(async () => {
    host = await startHostEmulator();
    mainBefore = git('rev-parse', 'HEAD');
    for (const [path, { text }] of Object.entries(pages)) writeFileSync(join(folder(), path), text);
    git('add', '--', ...Object.keys(pages));
    git(
      '-c',
      'user.name=Writer',
      '-c',
      'user.email=writer@example.com',
      '-c',
      'core.autocrlf=false',
      'commit',
      '-qm',
      'Pages with every line break',
    );
    git('push', '-q', 'origin', 'HEAD:main');
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    // main as the other suites know it.
    git('push', '-qf', 'origin', `${mainBefore}:main`);
    git('reset', '-q', '--hard', mainBefore);
    await host?.close();
  });

  /** The agent's side of the page in the change's diff, and the editor's line numbers of its changes (the lines holding `marks`). */
  async function agentSide(
    prompt: string,
    path: string,
    marks: readonly string[],
  ): Promise<{ uri: vscode.Uri; lines: number[]; agent: Buffer }> {
    const job = await finishedJob(host, prompt);
    await vscode.commands.executeCommand('docsAgent.reviewChanges', job.id);
    const head = (await host.control.jobs()).find((j) => j.id === job.id)?.edit?.commit;
    assert.ok(head, 'the emulator committed the change');
    const uri = (await loadGitApi()).toGitUri(vscode.Uri.file(join(folder(), path)), head);
    const side = await vscode.workspace.openTextDocument(uri);
    const lines = marks.map((mark) => {
      const at = Array.from({ length: side.lineCount }, (_, i) => side.lineAt(i).text).findIndex((text) => text.includes(mark));
      assert.ok(at >= 0, `the agent's side holds “${mark}”`);
      return at + 1;
    });
    return { uri, lines, agent: execFileSync('git', ['show', `${head}:${path}`], { cwd: folder() }) };
  }

  async function each(command: 'docsAgent.applyHunk' | 'docsAgent.unapplyHunk', uri: vscode.Uri, lines: readonly number[]): Promise<void> {
    for (const lineNumber of lines) {
      const done = await vscode.commands.executeCommand<unknown>(command, { uri, lineNumber });
      assert.ok(done, `${command} at line ${lineNumber}`);
    }
  }

  for (const [path, { text, changes }] of Object.entries(pages)) {
    it(`${path}: each change applied gives the agent’s bytes, and unapplied gives back the page’s`, async () => {
      const name = path.replace('docs/', '');
      const { uri, lines, agent } = await agentSide(`[hunks] Tidy ${name}`, path, changes);
      await each('docsAgent.applyHunk', uri, lines);
      assert.deepEqual(bytes(path), agent, 'every change in: the agent’s page, byte for byte');
      await each('docsAgent.unapplyHunk', uri, [...lines].reverse());
      assert.deepEqual(bytes(path), Buffer.from(text), 'every change out: the page as it was, byte for byte');
      await each('docsAgent.applyHunk', uri, lines.slice(0, 1));
      const tipAt = bytes(path).toString().indexOf('Tip from the docs agent');
      assert.ok(bytes(path).toString().slice(0, tipAt).includes('The second paragraph.'), 'the writer’s lines before the tip stay');
      await each('docsAgent.unapplyHunk', uri, lines.slice(0, 1));
      assert.deepEqual(bytes(path), Buffer.from(text));
    });
  }
});
