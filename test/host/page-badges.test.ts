// Explorer badges and the page CodeLens in the real extension host: nothing before a report is
// cached, every page's numbers after one read, and not one request of their own.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { addDays, todayUtc } from '../../src/visitors/date-range';
import type { PagesNode } from '../../src/readers/pages-view';
import type { DocsAgentApi } from '../../src/extension';
import { visitTruth } from '../support/emulator/visit-truth';
import type { ControlSignals } from '../emulator/control-client';
import { eventually } from '../support/eventually';
import { acceptingQuickInput, api, type HostEmulator, startHostEmulator } from './support';

const page = (path: string): vscode.Uri => vscode.Uri.joinPath(vscode.workspace.workspaceFolders?.[0]?.uri ?? vscode.Uri.file('/'), path);
const labelOf = (item: vscode.TreeItem): string => (typeof item.label === 'string' ? item.label : (item.label?.label ?? ''));
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

  /** The emulator's votes on the fixture's webhooks page in the default range (thumbs and contextual feedback). */
  const webhooksVotes = async (): Promise<ControlSignals['feedback']> => {
    const fromDay = Date.parse(addDays(todayUtc(), -29)) / 86_400_000;
    return (await host.control.signals(host.emulator.projectId)).feedback.filter(
      (e) =>
        e.day >= fromDay &&
        // Every form naming the page: its path, its whole URL, either with a trailing slash.
        e.path.replace(/^https?:\/\/[^/]+/, '').replace(/(.)\/+$/, '$1') === '/guides/webhooks' &&
        ['contextual', 'thumbs_only'].includes(e.source),
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
    // Each badge is a mark by standing (0 for no visitors, in Docs Agent's own colour), never a
    // count that reads as a time; its tooltip holds the exact number; more visitors never get a smaller mark.
    const height = ['0', '·', '☆', '★'];
    // A page's readers are its path's, added up over every spelling the log has (a whole URL, a
    // trailing slash): the API counts each spelling apart, so no visitor can be told twice.
    const pageTotal = (pagePath: string): number =>
      [...truth.byPath].reduce(
        (sum, [path, counts]) => sum + (path.replace(/^https?:\/\/[^/]+/, '').replace(/(.)\/$/, '$1') === pagePath ? counts.total : 0),
        0,
      );
    const shown = pages.map((path) => {
      const pagePath = `/${path.replace(/^docs\//, '').replace(/\.mdx?$/, '')}`.replace(/^\/index$/, '/');
      const visitors = pageTotal(pagePath);
      const decoration = docsAgent.pageBadges.provideFileDecoration(page(path));
      assert.ok(decoration instanceof vscode.FileDecoration, path);
      assert.ok(height.includes(decoration.badge ?? ''), `${path}: ${String(decoration.badge)}`);
      assert.ok(
        decoration.tooltip?.includes(visitors ? `${visitors.toLocaleString('en-US')} visitor` : 'No visitors'),
        `${path} (${visitors}): ${String(decoration.tooltip)}`,
      );
      const colour = decoration.color instanceof vscode.ThemeColor ? decoration.color.id : undefined;
      assert.equal(colour, visitors ? undefined : 'docsAgent.unreadPageForeground', path);
      return { path, visitors, bar: height.indexOf(decoration.badge ?? '') };
    });
    const byVisitors = [...shown].sort((a, b) => b.visitors - a.visitors);
    assert.equal(byVisitors[0]?.bar, 3, 'the most read page has the star');
    assert.ok(
      shown.every((p) => (p.bar === 0) === (p.visitors === 0)),
      'a 0 exactly where nobody read',
    );
    // The fixture's draft nobody visited: 0, in Docs Agent's own colour, never git's.
    const unread = docsAgent.pageBadges.provideFileDecoration(page('docs/drafts/unpublished.mdx'));
    assert.ok(unread instanceof vscode.FileDecoration);
    assert.equal(unread.badge, '0');
    assert.equal(unread.color instanceof vscode.ThemeColor ? unread.color.id : undefined, 'docsAgent.unreadPageForeground');
    for (const [i, p] of byVisitors.entries())
      assert.ok(
        byVisitors.slice(i + 1).every((q) => q.bar <= p.bar || q.visitors === p.visitors),
        `${p.path} below a less read page`,
      );
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

  it('Read What Readers Said states its most before spending, and then the page’s lens shows its thumbs, for no further request', async () => {
    // The cost is on the item the writer accepts; nothing is asked before.
    assert.equal(await acceptingQuickInput<boolean>('docsAgent.readReaderSignals'), true);
    await docsAgent.siteReaders.refresh();
    const signalReads = async (): Promise<number> =>
      (await host.control.requests()).filter((r) => /\/(feedback|searches|assistant)/.test(r.path)).length;
    const spent = await signalReads();
    assert.ok(spent >= 4 && spent <= 7, `${spent} requests, at most 7 as stated`);

    const truth = await webhooksVotes();
    const [, said] = await ourLenses(page('docs/guides/webhooks.mdx'));
    const [up, down] = [truth.filter((e) => e.helpful).length, truth.filter((e) => !e.helpful).length];
    assert.match(said?.command?.title ?? '', new RegExp(`^👍 ${up} · 👎 ${down}( · |$)`));
    for (const path of pages) await ourLenses(page(path));
    assert.equal(await signalReads(), spent, 'lenses made no request');
  });

  it('the Pages view groups readers without a page, unread pages and every page, sorted by visitors, and shows no empty group', async () => {
    // The view as it is now: groups are built afresh on every read of its root.
    const groups = (): Map<string, PagesNode> =>
      new Map(docsAgent.pages.getChildren().map((node) => [labelOf(docsAgent.pages.getTreeItem(node)).replace(/ \(.*$/, ''), node]));
    assert.deepEqual(
      [...groups().keys()],
      [
        'Visited paths with no page',
        'Unread pages',
        'Unhappy readers',
        'Searches that found nothing',
        'Questions the assistant could not answer',
        // No page of the fixture is mostly read by AI: an empty group is not shown.
        'All pages',
      ],
    );
    // The paths of a group's rows (a page's row is labelled by its title once that is read).
    const labels = (group: string): string[] => {
      const node = groups().get(group);
      const pathOf = (child: PagesNode): string =>
        child.kind === 'page' ? child.row.pagePath : child.kind === 'path' ? child.row.path : '';
      return node ? docsAgent.pages.getChildren(node).map(pathOf) : [];
    };
    assert.deepEqual(labels('Visited paths with no page').sort(), ['/articles/concepts-agents', '/guides/webhooks-v1', '/legacy/setup']);
    assert.deepEqual(labels('Unread pages'), ['/drafts/unpublished']);
    const today = todayUtc();
    const truth = await visitTruth(host.control, host.emulator.projectId, addDays(today, -29), today);
    const all = labels('All pages');
    assert.equal(all[0], '/', 'the most read page first');
    const totals = all.map((path) => truth.byPath.get(path)?.total ?? 0);
    assert.deepEqual(
      totals,
      [...totals].sort((a, b) => b - a),
      'sorted by visitors',
    );
    await vscode.commands.executeCommand('docsAgent.filterPages', 'guides/');
    assert.ok(
      labels('All pages').every((path) => path.startsWith('/guides')),
      'the filter keeps the guides only',
    );
    await vscode.commands.executeCommand('docsAgent.filterPages', '');
  });

  it('Unhappy readers lists the fixture’s voted-down page from the votes its setting asks for, not one fewer', async () => {
    const votes = (await webhooksVotes()).length;
    const unhappy = async (minVotes: number): Promise<string[]> => {
      await vscode.workspace.getConfiguration('docsAgent').update('readers.unhappyMinVotes', minVotes, vscode.ConfigurationTarget.Global);
      const group = docsAgent.pages.getChildren().find((node) => node.kind === 'group' && node.group === 'unhappy');
      return (group ? docsAgent.pages.getChildren(group) : []).flatMap((row) => (row.kind === 'unhappy' ? [row.row.page.pagePath] : []));
    };
    try {
      assert.equal((await unhappy(votes))[0], '/guides/webhooks', `${votes} votes, mostly down: the worst page`);
      assert.ok(!(await unhappy(votes + 1)).includes('/guides/webhooks'), 'one vote short of the setting');
    } finally {
      await vscode.workspace.getConfiguration('docsAgent').update('readers.unhappyMinVotes', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('a search that found nothing, asked about, becomes a tracked job whose prompt quotes it', async () => {
    const root = docsAgent.pages.getChildren();
    const group = (label: string): PagesNode | undefined =>
      root.find((node) => node.kind === 'group' && node.label.startsWith(`${label} (`));
    const searches = group('Searches that found nothing');
    const [nothing] = searches ? docsAgent.pages.getChildren(searches) : [];
    assert.ok(nothing?.kind === 'search', 'the fixture has searches nobody opened a result of');
    const truth = (await host.control.signals(host.emulator.projectId)).searches.find((s) => s.searchQuery === nothing.term.query);
    assert.ok(truth, 'the row is one of the emulator’s searches');
    const before = (await host.control.requests()).length;
    // The drafted prompt opens in a draft; Send to the Agent sends it as it was drafted.
    await vscode.commands.executeCommand('docsAgent.askAgentAboutPages', nothing);
    assert.match(vscode.window.activeTextEditor?.document.getText() ?? '', /^Readers searched for this /);
    assert.equal(await vscode.commands.executeCommand<boolean>('docsAgent.sendComposed'), true);
    const sent = (await host.control.requests()).slice(before).filter((r) => r.method === 'POST');
    assert.equal(sent.length, 1, 'one job sent');
    const prompt = String((sent[0]?.body as { prompt?: unknown } | undefined)?.prompt);
    const job = (await host.control.jobs()).find((j) => j.prompts[0] === prompt);
    try {
      assert.ok(job, 'the job was made');
      assert.ok(prompt.startsWith('Readers searched for this in the last 30 days'), prompt);
      // The search is the reader's: last on its line, inside the fence.
      const line = `- ${nothing.term.hits} times, click-through `;
      assert.ok(
        prompt.split('\n').some((l) => l.startsWith(line) && l.endsWith(`: ${nothing.term.query}`)),
        prompt,
      );
    } finally {
      if (job) await vscode.commands.executeCommand('docsAgent.stopTracking', job.id);
    }
  });

  it('labels a page by its frontmatter title, with its path beside it', async () => {
    const all = [...docsAgent.pages.getChildren()].find((node) => node.kind === 'group' && node.group === 'all');
    const quickstart = all && docsAgent.pages.getChildren(all).find((node) => node.kind === 'page' && node.row.pagePath === '/quickstart');
    assert.ok(quickstart);
    const title = /^title:\s*"?(.*?)"?\s*$/m.exec((await vscode.workspace.openTextDocument(page('docs/quickstart.mdx'))).getText())?.[1];
    assert.ok(title, 'the fixture page has a title');
    // Titles are read when a row first asks for one: the row shows it once read.
    await eventually(() => labelOf(docsAgent.pages.getTreeItem(quickstart)) === title, 'the title to be read', 10_000);
    assert.match(String(docsAgent.pages.getTreeItem(quickstart).description), /^\/quickstart · [\d,]+ visitors/);
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
