// Runs only with the editor's display language set to another language (run-in-code-server.js
// with DOCS_AGENT_TEST_LOCALE=ja or de; index.ts picks *.locale.test.js then): the manifest's
// words, the code's words, and dates and numbers, as a writer of that language sees them.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { DocsAgentApi } from '../../src/extension';
import type { TrackedJob } from '../../src/jobs/tracked-job';
import { bundleStrings, manifestStrings } from '../support/manifest';
import { addDays, todayUtc } from '../../src/visitors/date-range';
import { toolNames } from '../../src/platform/manifest-ids';
import { visitTruth } from '../support/emulator/visit-truth';
import { api, extensionId, type HostEmulator, startHostEmulator, treeUntil } from './support';

const language = process.env.DOCS_AGENT_TEST_LOCALE ?? 'ja';

describe(`in the writer’s language (the editor shows ${language})`, () => {
  const words = bundleStrings(language);
  const said = (english: string): string => words[english] ?? `(no ${language} words for “${english}”)`;
  let host: HostEmulator;
  let tree: DocsAgentApi['jobsTree'];

  before(async () => {
    tree = (await api()).jobsTree;
    host = await startHostEmulator();
  });
  after(() => host?.close());

  it('shows the commands’ titles and the views’ names from its package.nls file', () => {
    assert.equal(vscode.env.language, language);
    const manifest = vscode.extensions.getExtension(extensionId)?.packageJSON as {
      contributes: {
        commands: { command: string; title: string | { value: string } }[];
        views: Record<string, { id: string; name: string }[]>;
      };
    };
    const connect = manifest.contributes.commands.find((c) => c.command === 'docsAgent.connect');
    const title = typeof connect?.title === 'string' ? connect.title : connect?.title.value;
    const translated = manifestStrings(language);
    assert.equal(title, translated['command.connect.title']);
    const jobsView = Object.values(manifest.contributes.views)
      .flat()
      .find((v) => v.id === 'docsAgent.jobs');
    assert.equal(jobsView?.name, translated['view.jobs.name']);
  });

  it('a job’s row: its status and age in the display language, its dates as that language writes them', async () => {
    const prompt = 'クイックスタートに例を追加 (Beispiel)';
    const [job] = (await vscode.commands.executeCommand<TrackedJob[]>('docsAgent.newJob', prompt)) ?? [];
    assert.ok(job);
    const items = await treeUntil(tree, (all) => all.some((i) => JSON.stringify(i.id).includes(job.id)));
    const item = items.find((i) => JSON.stringify(i.id).includes(job.id));
    assert.equal(item?.label, prompt, 'the prompt is shown as written');
    const status = said('running/A job’s status');
    assert.ok(String(item?.description).startsWith(`${status} · ${said('just now')}`), `description: ${String(item?.description)}`);
    // As shown: Markdown's escapes and non-breaking spaces read as the text they stand for.
    const tooltip = (item?.tooltip as vscode.MarkdownString).value.replace(/&nbsp;/g, ' ').replace(/\\(.)/g, '$1');
    const created = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(
      Date.parse(String(job.job.createdAt)),
    );
    assert.ok(tooltip.includes(said('Created')), `the tooltip names its rows in ${language}: ${tooltip}`);
    assert.ok(tooltip.includes(created), `the creation time as ${language} writes it (${created}): ${tooltip}`);
    await vscode.commands.executeCommand('docsAgent.stopTracking', item, [item]);
  });

  it('a chat tool’s answer: its words in the display language, its numbers as that language writes them', async () => {
    const today = todayUtc();
    const truth = await visitTruth(host.control, host.emulator.projectId, addDays(today, -89), today);
    const result = await vscode.lm.invokeTool(toolNames.pageVisitors, {
      input: { file: 'docs/quickstart.mdx', range: '90d' },
      toolInvocationToken: undefined,
    });
    const text = result.content.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : '')).join('');
    const number = new Intl.NumberFormat(language);
    const visitors = said(truth.totals.total === 1 ? '{0} visitor' : '{0} visitors').replace('{0}', number.format(truth.totals.total));
    const site = said('{0} ({1} human, {2} AI)')
      .replace('{0}', visitors)
      .replace('{1}', number.format(truth.totals.human))
      .replace('{2}', number.format(truth.totals.ai));
    assert.ok(truth.totals.total >= 1000, 'a number with a thousands separator to tell the languages apart');
    assert.ok(text.includes(said('Whole site: {0}').replace('{0}', site)), `${site} in: ${text}`);
  });
});
