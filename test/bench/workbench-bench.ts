// Figures 2 and 4 (activation): the visitors panel in the real editor (code-server + Chromium
// through Workbench), driven as a person does: palette, clicks, typing. Times are wall times
// in this process, which also runs the emulator, so request-log times share its clock. A
// "rendered" time is when Playwright saw the element, so it includes its polling (a few ms).
import type { FrameLocator, Request } from 'playwright-core';
import { addDays, todayUtc } from '../../src/visitors/date-range';
import { maxPageSize } from '../../src/api/visitor-pages';
import type { RequestRecord } from '../emulator/types';
import { visitTruth } from '../support/emulator/visit-truth';
import { Workbench } from '../support/workbench/workbench';
import { memoryMb, waitForExtensionHost } from './proc-memory';

export interface WorkbenchFigures {
  workbenchStartMs: number;
  /**
   * The first Show Visitors (fixture site, 30 days), activation of the extension included; with
   * when the read arrived at the emulator and when the webview asked for the panel's own files.
   */
  firstOpen: {
    commandToChartMs: number;
    commandToRequestMs: number;
    commandToPanelFilesMs: number;
    panelFilesToChartMs: number;
    lastRequestToChartMs: number;
    requests: number;
  };
  /** The 10,000-path site after Set Project ID: every page read, the table shown, then filtered. */
  synthetic: {
    paths: number;
    minimumRequests: number;
    requests: number;
    projectSetToTableMs: number;
    lastRequestToTableMs: number;
    filterToCountMs: number;
  };
  switchEditor: { requests: number; ms: number };
  reopenPanel: { requests: number; commandToChartMs: number };
  /** VmHWM at the end, and before the first panel (the host may still be loading built-in extensions then). */
  extensionHost: { pid: number; peakMb: number; currentMb: number; peakBeforePanelMb: number };
  activationMs: number;
}

const long = { timeout: 60_000 };
const visitorReads = (records: RequestRecord[]): RequestRecord[] => records.filter((r) => r.path.endsWith('/visitors'));
const sinceArrival = (record: RequestRecord | undefined, at: number): number => (record ? at - Date.parse(record.time) : NaN);
const en = (n: number): string => n.toLocaleString('en-US');
const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export async function workbenchBench(): Promise<WorkbenchFigures> {
  const started = Date.now();
  const workbench = await Workbench.open({ withKey: true });
  const workbenchStartMs = Date.now() - started;
  try {
    const { control, emulator } = workbench;
    const reads = async (): Promise<RequestRecord[]> => visitorReads(await control.requests());
    const chart = (panel: FrameLocator, path: string) => panel.locator('.bar-row.current', { hasText: path });
    const host = await waitForExtensionHost(workbench.server.stateDir);
    process.stderr.write(`bench: extension host ${host.pid}: …${host.args.slice(-120)}\n`);

    // (a) First open. The page is opened before the command so the panel, not the status
    // bar, starts the read. The first webview of a browser session waits for the editor's
    // webview service worker; the panel's own files (its script and style) are asked
    // for only after it, which splits the time into the editor's part and the extension's.
    await workbench.openFile('docs/quickstart.mdx');
    const peakBeforePanelMb = memoryMb(host.pid).peakMb;
    await control.clearRequests();
    let filesAsked: number | undefined;
    const onRequest = (request: Request): void => {
      if (filesAsked === undefined && /\/(dist|media)\/webview\/visitors\./.test(request.url())) filesAsked = Date.now();
    };
    workbench.page.on('request', onRequest);
    await workbench.runCommand('Docs Agent: Show Visitors for This Page');
    const issued = Date.now();
    let panel = workbench.webview();
    await chart(panel, '/quickstart').waitFor(long);
    const rendered = Date.now();
    workbench.page.off('request', onRequest);
    const first = await reads();
    const firstOpen = {
      commandToChartMs: rendered - issued,
      commandToRequestMs: -sinceArrival(first[0], issued),
      commandToPanelFilesMs: (filesAsked ?? NaN) - issued,
      panelFilesToChartMs: rendered - (filesAsked ?? NaN),
      lastRequestToChartMs: sinceArrival(first.at(-1), rendered),
      requests: first.length,
    };

    // (c) Following the active editor: the highlight moves, nothing is read.
    let before = (await reads()).length;
    const switchStart = Date.now();
    await workbench.runCommand('View: Focus First Editor Group');
    await workbench.openFile('docs/guides/authentication.mdx');
    await chart(panel, '/guides/authentication').waitFor(long);
    const switchEditor = { requests: (await reads()).length - before, ms: Date.now() - switchStart };

    // (c) Closing and reopening the panel.
    before = (await reads()).length;
    await workbench.runCommand('View: Close All Editors');
    await workbench.openFile('docs/quickstart.mdx');
    await workbench.runCommand('Docs Agent: Show Visitors for This Page');
    const reissued = Date.now();
    panel = workbench.webview();
    await chart(panel, '/quickstart').waitFor(long);
    const reopenPanel = { requests: (await reads()).length - before, commandToChartMs: Date.now() - reissued };

    // (b) The 10,000-path site in the panel's default range (30 days up to today). The truth
    // comes first, outside the timed part.
    const project = emulator.syntheticProjectId;
    const today = todayUtc(Date.now());
    const from = addDays(today, -29);
    const truth = await visitTruth(control, project, from, today);
    const paths = truth.byPath.size;
    const needle = 'section-50/';
    const shown = [...truth.byPath.keys()].filter((p) => p.includes(needle)).length;
    await control.clearRequests();
    await workbench.runCommand('Docs Agent: Set Project ID');
    await workbench.answerInput(project);
    const projectSet = Date.now();
    await panel.locator('.project', { hasText: project }).waitFor(long);
    await panel.getByRole('tab', { name: 'Table' }).click();
    await panel.locator('.table-count', { hasText: new RegExp(`^${escape(en(paths))} paths`) }).waitFor(long);
    const tableShown = Date.now();
    const syntheticReads = (await reads()).filter((r) => r.path.includes(project) && r.query.dateFrom === from);
    const filterStart = Date.now();
    await panel.getByLabel('Filter paths (contains, any case)').fill(needle);
    await panel.locator('.table-count', { hasText: new RegExp(`^${escape(en(shown))} of ${escape(en(paths))} paths`) }).waitFor(long);
    const synthetic = {
      paths,
      minimumRequests: Math.ceil(paths / maxPageSize),
      requests: syntheticReads.length,
      projectSetToTableMs: tableShown - projectSet,
      lastRequestToTableMs: sinceArrival(syntheticReads.at(-1), tableShown),
      filterToCountMs: Date.now() - filterStart,
    };

    // (d) Peak memory of the extension host, after the largest report has been read and shown.
    const extensionHost = { pid: host.pid, ...memoryMb(host.pid), peakBeforePanelMb };

    // Figure 4: activation as the extension logs it.
    await workbench.runCommand('Docs Agent: Show Log');
    const output = workbench.page.locator('.panel .monaco-editor', { hasText: 'activation took' }).first();
    await output.waitFor(long);
    const match = /activation took ([\d.]+) ms/.exec(await workbench.text(output));
    if (!match) throw new Error('the log has no activation time');

    return { workbenchStartMs, firstOpen, synthetic, switchEditor, reopenPanel, extensionHost, activationMs: Number(match[1]) };
  } finally {
    await workbench.close();
  }
}
