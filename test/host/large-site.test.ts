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
import { pagesUnder } from '../../src/readers/pages-nodes';
import type { DocsAgentApi } from '../../src/extension';
import { LARGE_SITE_PROJECT_ID } from '../emulator/large-site-log';
import { largeSitePlan } from '../fixtures/large-site-plan/plan';
import { largeSiteDocsDir } from '../fixtures/large-site-plan/where';
import { eventually } from '../support/eventually';
import { visitTruth } from '../support/emulator/visit-truth';
import { largeSiteFolder } from './large-site-folder';
import { acceptingQuickInput, api, type HostEmulator, startHostEmulator } from './support';

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
  /** Every page row under All pages, however deep the site's sections nest. */
  const allPages = (): Extract<PagesNode, { kind: 'page' }>[] => {
    const node = groups().get('All pages');
    return (node ? pagesUnder(node) : []).flatMap((child) => (child.kind === 'page' ? [child] : []));
  };
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
    // Nothing read yet: the view is empty for its welcome content (the price is on the read's item, checked in e2e).
    assert.deepEqual(docsAgent.pages.getChildren(), []);
    assert.equal(await acceptingQuickInput<boolean>('docsAgent.loadPagesReport'), true);
    await eventually(() => allPages().length > 0, 'the Pages view to list the site', 20_000);
    const all = allPages();
    assert.deepEqual(all.map((node) => node.row.pagePath).sort(), [...plan.served].sort(), 'every served path, and nothing else');
    const today = todayUtc();
    const truth = await visitTruth(host.control, LARGE_SITE_PROJECT_ID, addDays(today, -29), today);
    const generated = all.filter((node) => node.row.generated);
    assert.equal(generated.length, plan.generated.length);
    for (const node of generated) {
      const item = docsAgent.pages.getTreeItem(node);
      assert.equal(visitorsIn(item), truth.byPath.get(node.row.pagePath)?.total ?? 0, node.row.pagePath);
      assert.equal(labelOf(item), node.row.generated?.title, 'an API page by its operation’s title');
    }
    assert.ok(
      generated.every((node) => visitorsIn(docsAgent.pages.getTreeItem(node)) > 0),
      'a crawler read every API page in the range',
    );
    assert.deepEqual(rows('Visited paths with no page').map(labelOf).sort(), [...plan.lost].sort());
  });

  it('groups every page as its navigation does: language, then product, then tab, each page by its title', async () => {
    const all = groups().get('All pages');
    assert.ok(all);
    const labels = (nodes: readonly PagesNode[]): string[] =>
      nodes.filter((node) => node.kind === 'section').map((node) => labelOf(docsAgent.pages.getTreeItem(node)).replace(/ \(\d+\)$/, ''));
    const children = docsAgent.pages.getChildren(all);
    assert.deepEqual(labels(children), ['English (en)', 'Spanish (es)', 'French (fr)'], 'languages in navigation order');
    const spanish = children.find((node) => node.kind === 'section' && node.label.startsWith('Spanish'));
    assert.ok(spanish);
    const products = docsAgent.pages.getChildren(spanish);
    assert.deepEqual(labels(products), ['Payments', 'Identity', 'Developers']);
    const [payments] = products;
    assert.ok(payments);
    const tabs = docsAgent.pages.getChildren(payments);
    assert.deepEqual(labels(tabs), ['Guías', 'Referencia de la API']);
    // Every page is under one section, and the sections' counts add up to the site's pages.
    const underLanguages = children.filter((node) => node.kind === 'section').flatMap((node) => pagesUnder(node));
    const hidden = children.filter((node) => node.kind === 'page');
    assert.equal(underLanguages.length + hidden.length, plan.served.length);
    const guide = pagesUnder(tabs[0] ?? spanish).find((node) => node.kind === 'page' && node.row.file);
    assert.ok(guide?.kind === 'page' && guide.uri);
    const title = /^title:\s*"(.*)"\s*$/m.exec((await vscode.workspace.openTextDocument(guide.uri)).getText())?.[1];
    assert.ok(title);
    await eventually(() => labelOf(docsAgent.pages.getTreeItem(guide)) === title, 'the page’s title', 10_000);
    assert.match(String(docsAgent.pages.getTreeItem(guide).description), new RegExp(`^${guide.row.pagePath} · `));
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
