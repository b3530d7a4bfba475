// Explorer badges and the page CodeLens in the real extension host: nothing before a report is
// cached, every page's numbers after one read, and not one request of their own.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { addDays, todayUtc } from '../../src/analytics/date-range';
import type { DocsAgentApi } from '../../src/extension';
import { badgeText } from '../../src/site/badge-text';
import { visitTruth } from '../support/emulator/visit-truth';
import { api, type HostEmulator, startHostEmulator } from './support';

const page = (path: string): vscode.Uri => vscode.Uri.joinPath(vscode.workspace.workspaceFolders?.[0]?.uri ?? vscode.Uri.file('/'), path);
const pages = ['docs/quickstart.mdx', 'docs/guides/webhooks.mdx', 'docs/index.mdx', 'docs/guides/rate-limits.md'];

describe('Explorer badges and the page CodeLens, from the cache only', () => {
  let host: HostEmulator;
  let docsAgent: DocsAgentApi;
  const visitorsRequests = async (): Promise<number> => (await host.control.requests()).filter((r) => r.path.includes('/visitors')).length;
  const ourLenses = async (uri: vscode.Uri): Promise<vscode.CodeLens[]> => {
    await vscode.workspace.openTextDocument(uri); // the command asks the document's providers
    return ((await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri)) ?? []).filter(
      (lens) => lens.command?.command === 'docsAgent.showVisitors',
    );
  };

  before(async () => {
    host = await startHostEmulator();
    docsAgent = await api();
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await host?.close();
  });

  it('shows nothing, and asks nothing, while no report is cached', async () => {
    await docsAgent.siteReaders.refresh();
    for (const path of pages) assert.equal(docsAgent.pageBadges.provideFileDecoration(page(path)), undefined);
    assert.deepEqual(await ourLenses(page('docs/quickstart.mdx')), []);
    assert.equal(await visitorsRequests(), 0);
  });

  it('after one read of the default range, every page has its badge and lens, equal to the log’s numbers, for no further request', async () => {
    const refreshed = new Promise<void>((resolve) => {
      const listener = docsAgent.siteReaders.onDidChange(() => {
        if (!docsAgent.siteReaders.all().length) return;
        listener.dispose();
        resolve();
      });
    });
    await vscode.commands.executeCommand('docsAgent.showVisitors', page('docs/quickstart.mdx'));
    await refreshed;
    const reads = await visitorsRequests();
    assert.ok(reads >= 1, 'the panel read the range');
    const today = todayUtc();
    const truth = await visitTruth(host.control, host.emulator.projectId, addDays(today, -29), today);
    for (const path of pages) {
      const pagePath = `/${path.replace(/^docs\//, '').replace(/\.mdx?$/, '')}`.replace(/^\/index$/, '/');
      const expected = truth.byPath.get(pagePath)?.total ?? 0;
      const decoration = docsAgent.pageBadges.provideFileDecoration(page(path));
      assert.equal(decoration instanceof vscode.FileDecoration ? decoration.badge : undefined, badgeText(expected), path);
    }
    const [lens] = await ourLenses(page('docs/quickstart.mdx'));
    const quickstart = truth.byPath.get('/quickstart');
    assert.ok(quickstart);
    assert.match(
      lens?.command?.title ?? '',
      new RegExp(`^${quickstart.total.toLocaleString('en-US')} visitors · rank \\d+ of \\d+ · \\d+% AI · Last 30 days$`),
    );
    await docsAgent.siteReaders.refresh();
    for (const path of pages) await ourLenses(page(path));
    assert.equal(await visitorsRequests(), reads, 'badges and lenses made no request');
  });

  it('the setting turns the badges off', async () => {
    const config = vscode.workspace.getConfiguration('docsAgent');
    await config.update('visitors.explorerBadges', false, vscode.ConfigurationTarget.Global);
    try {
      assert.equal(docsAgent.pageBadges.provideFileDecoration(page('docs/quickstart.mdx')), undefined);
    } finally {
      await config.update('visitors.explorerBadges', undefined, vscode.ConfigurationTarget.Global);
    }
  });
});
