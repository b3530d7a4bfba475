// A site shaped like large real ones (test/fixtures/large-site: languages, products, tabs, API
// pages generated from OpenAPI files, redirects in a $ref file, .mintignore) in the real
// extension host, against its own project in the emulator: what the Pages view says of it, and
// when the extension reads the site again.
import * as assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { addDays, todayUtc } from '../../src/visitors/date-range';
import type { PagesNode } from '../../src/readers/pages-view';
import type { DocsAgentApi } from '../../src/extension';
import { LARGE_SITE_PROJECT_ID } from '../emulator/large-site-log';
import { largeSitePlan } from '../fixtures/large-site-plan/plan';
import { largeSiteDocsDir } from '../fixtures/large-site-plan/where';
import { eventually } from '../support/eventually';
import { visitTruth } from '../support/emulator/visit-truth';
import { largeSiteFolder } from './large-site-folder';
import { api, type HostEmulator, startHostEmulator } from './support';

const labelOf = (item: vscode.TreeItem): string => (typeof item.label === 'string' ? item.label : (item.label?.label ?? ''));
const visitorsIn = (item: vscode.TreeItem): number =>
  Number(/([\d,]+) visitors?/.exec(String(item.description))?.[1]?.replace(/,/g, '') ?? 0);

describe('a large real-world docs site in the real extension host', () => {
  const plan = largeSitePlan();
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? '/';
  const copy = join(folder, 'globex');
  let host: HostEmulator;
  let docsAgent: DocsAgentApi;
  const settings = (): vscode.WorkspaceConfiguration => vscode.workspace.getConfiguration('docsAgent');
  const groups = (): Map<string, PagesNode> =>
    new Map(docsAgent.pages.getChildren().map((node) => [labelOf(docsAgent.pages.getTreeItem(node)).replace(/ \(.*$/, ''), node]));
  const rows = (group: string): vscode.TreeItem[] => {
    const node = groups().get(group);
    return node ? docsAgent.pages.getChildren(node).map((child) => docsAgent.pages.getTreeItem(child)) : [];
  };

  before(async () => {
    host = await startHostEmulator();
    docsAgent = await api();
    // The runner copied the site's files in before the editor started (see run-in-code-server.ts).
    copyFileSync(join(largeSiteDocsDir(), 'docs.json'), join(folder, largeSiteFolder, 'docs.json'));
    await settings().update('docsRoot', 'globex/docs', vscode.ConfigurationTarget.Workspace);
    await settings().update('projectId', LARGE_SITE_PROJECT_ID, vscode.ConfigurationTarget.Workspace);
  });
  after(async () => {
    rmSync(join(folder, largeSiteFolder, 'docs.json'), { force: true });
    rmSync(join(copy, 'build'), { recursive: true, force: true });
    rmSync(join(copy, 'docs', 'package.json'), { force: true });
    await settings().update('docsRoot', undefined, vscode.ConfigurationTarget.Workspace);
    await host?.close();
  });

  it('lists its generated API pages with their readers, no ignored file, and only the truly lost paths as readers without a page', async () => {
    await docsAgent.siteReaders.refresh();
    const [load] = docsAgent.pages.getChildren().map((node) => docsAgent.pages.getTreeItem(node));
    // More than 250 pages: the read takes two requests, and the row says so before it is made.
    assert.match(String(load?.description), /: about 2 requests \(estimated from the site's 2\d\d pages\) of the 100 an hour/);
    await vscode.commands.executeCommand('docsAgent.loadPagesReport');
    await eventually(() => rows('All pages').length > 0, 'the Pages view to list the site', 20_000);
    const all = rows('All pages');
    assert.deepEqual(all.map(labelOf).sort(), [...plan.served].sort(), 'every served path, and nothing else');
    const today = todayUtc();
    const truth = await visitTruth(host.control, LARGE_SITE_PROJECT_ID, addDays(today, -29), today);
    const generated = all.filter((item) => item.contextValue === 'generatedPage');
    assert.equal(generated.length, plan.generated.length);
    for (const item of generated) assert.equal(visitorsIn(item), truth.byPath.get(labelOf(item))?.total ?? 0, labelOf(item));
    assert.ok(
      generated.every((item) => visitorsIn(item) > 0),
      'a crawler read every API page in the range',
    );
    assert.deepEqual(rows('Readers without a page').map(labelOf).sort(), [...plan.lost].sort());
  });

  it('reads the site again when a file it is built from changes, and not when another JSON file is saved', async () => {
    const causes: string[] = [];
    const listener = docsAgent.docsSites.onDidChange((uri) => causes.push(uri?.path ?? 'settings'));
    try {
      mkdirSync(join(copy, 'build'), { recursive: true });
      writeFileSync(join(copy, 'build', 'report.json'), '{"built": true}\n');
      writeFileSync(join(copy, 'docs', 'package.json'), '{"private": true}\n');
      // Events arrive in order: once the redirects file's has come, the JSON files' would have too.
      writeFileSync(join(copy, 'docs', 'redirects.json'), plan.files.get('redirects.json') ?? '[]');
      await eventually(() => causes.some((path) => path.endsWith('/globex/docs/redirects.json')), 'the redirects file’s change', 20_000);
      assert.deepEqual(
        causes.filter((path) => path.endsWith('/build/report.json') || path.endsWith('/docs/package.json')),
        [],
        'a JSON file the site is not built from',
      );
    } finally {
      listener.dispose();
    }
  });
});
