// `npm run bench`: runs every bench once and prints one JSON object (all figures) on stdout,
// then a short table for people. Progress and failures go to stderr, so stdout stays
// parseable up to the table. Exits 1 only when a bench could not run; a figure off its target
// is a result, not a failure.
import { cpus } from 'node:os';
import { analyticsBench } from './analytics-bench';
import { budgetBench } from './budget-bench';
import { mcpBench } from './mcp-bench';
import { historyBench } from './history-bench';
import { hunksBench, hunksRows } from './hunks-bench';
import { hunksEditorBench, hunksEditorRows } from './hunks-editor-bench';
import { machineBench } from './machine-bench';
import { pollBench } from './poll-bench';
import { readersBench } from './readers-bench';
import { signalsBench } from './signals-bench';
import { sizeBench } from './sizes';
import { editorsBench } from './editors-bench';
import { askedEarlyBench } from './asked-early-bench';
import { type BenchResult, type Row, runBench } from './stats';
import { workbenchBench } from './workbench-bench';

function rowsOf<T>(result: BenchResult<T>, name: string, rows: (figures: T) => Row[]): Row[] {
  return result.ok ? rows(result.figures) : [[name, `could not run: ${result.error.split('\n')[0] ?? ''}`, '']];
}

// A time the bench could not see is NaN, which JSON turns into null.
const ms = (n: number | null): string => (typeof n === 'number' && Number.isFinite(n) ? `${n} ms` : 'n/a');
const ratio = (part: number, whole: number): string => (Number.isFinite(part / whole) ? `${(part / whole).toFixed(2)}×` : 'n/a');
const kb = (n: number): string => `${(n / 1024).toFixed(1)} KB`;

async function main(): Promise<void> {
  const started = Date.now();
  // Module-level benches first: a failure in the real editor must not cost their figures.
  const analytics = await runBench('1 analytics (module)', analyticsBench);
  const polling = await runBench('3 polling (virtual time)', pollBench);
  const size = await runBench('4 bundle sizes', sizeBench);
  const readers = await runBench('6 readers across the docs tree (module)', readersBench);
  const signals = await runBench('8 what readers said (module)', signalsBench);
  const history = await runBench('5d a year of job history in the store (module)', () => historyBench());
  const budget = await runBench('9 the hourly budget, processes racing near its end (module)', budgetBench);
  const mcp = await runBench('10 the MCP server: round trips through the SDK client (module)', mcpBench);
  const hunks = await runBench('11 which of the agent’s hunks are in the writer’s page (module)', hunksBench);
  const webview = await runBench('2+4 visitors panel and activation (code-server + Chromium)', workbenchBench);
  const machine = await runBench('5 several windows on one machine', machineBench);
  const editors = await runBench('7 the floor (VS Code 1.99) beside the current editor', editorsBench);
  const askedEarly = await runBench('7b asked to start: the fixture alone and beside 100,000 other files', askedEarlyBench);
  const hunksEditor = await runBench('11b the cursor through a big page’s hunks (the real extension host)', hunksEditorBench);
  const report = {
    bench: 'docs-agent',
    startedAt: new Date(started).toISOString(),
    node: process.version,
    cpus: cpus().length,
    totalMs: Date.now() - started,
    analytics,
    webview,
    polling,
    size,
    machine,
    history,
    readers,
    signals,
    budget,
    mcp,
    hunks,
    editors,
    askedEarly,
    hunksEditor,
  };
  console.log(JSON.stringify(report));

  const rows: Row[] = [
    ...rowsOf(analytics, '1 analytics', (f) => [
      [`1 90-day read, ${f.paths} paths: requests`, String(f.firstLoadRequests), `${f.minimumRequests} (ceil rows/250)`],
      ['1 second load, same past range: requests', String(f.secondLoadRequests), '0'],
      ['1 fresh service, same storage: requests', String(f.reopenRequests), '0'],
    ]),
    ...rowsOf(webview, '2 webview', (f) => [
      ['2a Show Visitors -> chart (from Enter)', ms(f.firstOpen.commandToChartMs), `${f.firstOpen.requests} request(s)`],
      ['2a   Enter -> read arrives at emulator', ms(f.firstOpen.commandToRequestMs), ''],
      ['2a   of which: Enter -> panel files asked (editor)', ms(f.firstOpen.commandToPanelFilesMs), ''],
      ['2a   of which: panel files asked -> chart', ms(f.firstOpen.panelFilesToChartMs), ''],
      ['2a last request arrival -> chart', ms(f.firstOpen.lastRequestToChartMs), ''],
      [
        `2b project set -> table of ${f.synthetic.paths} paths`,
        ms(f.synthetic.projectSetToTableMs),
        `${f.synthetic.requests} req (min ${f.synthetic.minimumRequests})`,
      ],
      ['2b last request arrival -> table', ms(f.synthetic.lastRequestToTableMs), ''],
      ['2b filter typed -> count updated', ms(f.synthetic.filterToCountMs), ''],
      ['2c switch editor: requests', String(f.switchEditor.requests), '0'],
      ['2c close + reopen panel: requests', String(f.reopenPanel.requests), '0'],
      ['2d extension host peak memory (VmHWM)', `${f.extensionHost.peakMb} MB`, `${f.extensionHost.peakBeforePanelMb} MB before the panel`],
      ['4 activation (as logged)', ms(f.activationMs), ''],
    ]),
    ...rowsOf(polling, '3 polling', (f) => {
      const { scheduler: s, naive5s: n } = f.batch;
      const delay = (d: typeof s.detectionDelaySeconds): string => `${d.mean} / ${d.p95} / ${d.max} s`;
      return [
        [`3 ${f.batch.jobs} jobs: GETs scheduler / naive 5 s`, `${s.getRequests} / ${n.getRequests}`, ''],
        ['3 detection delay scheduler (mean/p95/max)', delay(s.detectionDelaySeconds), ''],
        ['3 detection delay naive 5 s (mean/p95/max)', delay(n.detectionDelaySeconds), ''],
        [
          `3 ${f.hour.jobs} running jobs, 1 h: GETs focused / unfocused`,
          `${f.hour.schedulerFocused} / ${f.hour.schedulerUnfocused}`,
          `naive ${f.hour.naive5sComputed}`,
        ],
      ];
    }),
    ...rowsOf(size, '4 size', (f) => [
      ['4 dist/extension.js (minified)', kb(f.extensionBytes), ''],
      ['4 loaded when Docs Agent starts (it and what it requires)', kb(f.atActivationBytes), 'under 200 KB'],
      ['4 loaded on first use (review, previews, connect, chat tools)', kb(f.onFirstUseBytes), ''],
      ['4 dist/undici.js (lazy)', kb(f.undiciBytes), ''],
      ['4 dist/webview/visitors.js', kb(f.webviewBytes), ''],
    ]),
    ...rowsOf(machine, '5 machine', (f) => [
      [
        `5a GETs per job-minute, ${f.polling.jobs} jobs: 1 window / 3 windows`,
        `${f.polling.oneWindowGetsPerJobMinute} / ${f.polling.threeWindowsGetsPerJobMinute}`,
        '3 windows <= 1.1x of 1',
      ],
      [
        `5b ${f.analytics.range} (${f.analytics.paths} paths), ${f.analytics.windows} windows + ${f.analytics.reloads} reloads: requests`,
        String(f.analytics.requests),
        `${f.analytics.minimumRequests} (the minimum, once)`,
      ],
      [
        `5c store writes per poll, ${f.storeWrites.jobs} jobs unchanged`,
        `${f.storeWrites.unchanged.files} files, ${f.storeWrites.unchanged.bytes} B`,
        '0',
      ],
      [
        '5c store writes per poll, 10 of them finished',
        `${f.storeWrites.tenFinished.files} files, ${(f.storeWrites.tenFinished.bytes / 1024).toFixed(1)} KB`,
        'one file per changed job',
      ],
    ]),
    ...rowsOf(history, '5d history', (f) => {
      const { before: b, after: a } = f;
      return [
        [
          `5d ${f.jobFiles} job files + claims: files, disk before / after pruning`,
          `${b.files}, ${b.diskMb} MB / ${a.files}, ${a.diskMb} MB`,
          '',
        ],
        ['5d open the store (activation) before / after pruning', `${ms(b.openMs)} / ${ms(a.openMs)}`, ''],
        ['5d rescan, nothing changed, before / after', `${ms(b.rescanMs)} / ${ms(a.rescanMs)}`, `${b.rescanFilesExamined} files looked at`],
        ['5d rescan after another window changed one job, before / after', `${ms(b.rescanOneChangedMs)} / ${ms(a.rescanOneChangedMs)}`, ''],
        ['5d full scan (each rescan before the journal; now every 10 min)', `${ms(b.fullScanMs)} / ${ms(a.fullScanMs)}`, ''],
        [
          '5d first prune (once a day per machine, off activation)',
          ms(f.pruneMs),
          `${f.pruned.jobFiles} job files, ${f.pruned.claims} claims went`,
        ],
      ];
    }),
    ...rowsOf(signals, '8 what readers said', (f) => [
      [
        `8 30-day read, default caps: requests`,
        String(f.capped.requests),
        `at most ${f.capped.most}; read ${f.capped.feedback} of ${f.inRange.feedback} entries, ${f.capped.searches} of ${f.inRange.searches} searches, ${f.capped.turns} of ${f.inRange.turns} turns`,
      ],
      ['8 30-day read, caps for the whole range: requests', String(f.whole.requests), `${f.whole.minimum} (the page sizes' minimum)`],
      [`8 cached report -> Pages view's signal groups, ${f.pages} pages`, ms(f.groupsMs), '<= 200 ms'],
      ['8 cached report -> every page’s signals', ms(f.everyPageMs), ''],
      ['8 reload / second window: requests', `${f.reopenRequests} / ${f.secondWindowRequests}`, '0 / 0'],
    ]),
    ...rowsOf(readers, '6 readers', (f) => [
      [`6 cached report -> every badge, ${f.pages} pages`, ms(f.badgesMs), '< 200 ms'],
      ['6 cached report -> readers without a page', ms(f.withoutPageMs), '< 200 ms'],
      ['6 cached report -> Pages view listed', ms(f.pagesListedMs), '< 200 ms'],
      ['6 requests for badges and the Pages view', String(f.requestsForThem), '0'],
    ]),
    ...rowsOf(budget, '9 budget', (f) => [
      [
        `9 ${f.processes} processes x ${f.readsEach} reads from ${f.usedBefore} used, ${f.rounds} rounds: spent`,
        `${f.spentMin}-${f.spentMax} of ${f.limit}`,
        `overspend ${f.overspend} (target 0)`,
      ],
      [
        '9 reads whole / partial / refused / failed',
        `${f.reads.whole} / ${f.reads.partial} / ${f.reads.refused} / ${f.reads.failed}`,
        `held left ${f.heldLeft}, uncounted ${f.uncounted} (0, 0)`,
      ],
    ]),
    ...rowsOf(mcp, '10 MCP', (f) => [
      ['10 MCP tools/list round trip, mean / p95', `${ms(f.listTools.mean)} / ${ms(f.listTools.p95)}`, 'p95 <= 20 ms'],
      ['10 MCP cached read round trip, mean / p95', `${ms(f.cachedRead.mean)} / ${ms(f.cachedRead.p95)}`, 'p95 <= 20 ms'],
    ]),
    ...rowsOf(hunks, '11 hunks', hunksRows),
    ...rowsOf(hunksEditor, '11b hunks in the editor', hunksEditorRows),
    ...rowsOf(askedEarly, '7b asked early', (f) => [
      [
        `7b reload -> the editor asks Docs Agent to start, fixture / beside ${f.files.toLocaleString('en-US')} other files`,
        `${ms(f.fixture.reloadToAskedMs)} / ${ms(f.withOtherFiles.reloadToAskedMs)}`,
        `${ratio(f.withOtherFiles.reloadToAskedMs, f.fixture.reloadToAskedMs)} (target within 10%)`,
      ],
      [
        '7b reload -> workbench, fixture / beside them',
        `${ms(f.fixture.reloadToWorkbenchMs)} / ${ms(f.withOtherFiles.reloadToWorkbenchMs)}`,
        'medians of 5, Explorer on screen',
      ],
      [
        "7b   asked after the editor's own first start of an every-window extension (git), fixture / beside them",
        `${ms(f.fixture.afterEditorsOwnMs)} / ${ms(f.withOtherFiles.afterEditorsOwnMs)}`,
        'the earliest a workspace-dependent start can be',
      ],
    ]),
    ...rowsOf(editors, '7 editors', (f) => [
      [
        `7 activation (as logged), VS Code ${f.floor.vscodeVersion} / ${f.current.vscodeVersion}`,
        `${f.floor.activationMs.join(', ')} / ${f.current.activationMs.join(', ')} ms`,
        `${f.floor.activationMs.length} reloads each`,
      ],
      ['7 reload -> workbench, floor / current (median)', `${ms(f.floor.reloadToWorkbenchMs)} / ${ms(f.current.reloadToWorkbenchMs)}`, ''],
      [
        '7 reload -> the editor asks Docs Agent to start, floor / current',
        `${ms(f.floor.reloadToAskedMs)} / ${ms(f.current.reloadToAskedMs)}`,
        `${ratio(f.floor.reloadToAskedMs, f.floor.reloadToWorkbenchMs)} / ${ratio(f.current.reloadToAskedMs, f.current.reloadToWorkbenchMs)} of the workbench`,
      ],
      [
        '7 reload -> first Agent Jobs row, floor / current (median)',
        `${ms(f.floor.reloadToFirstRowMs)} / ${ms(f.current.reloadToFirstRowMs)}`,
        `${ratio(f.floor.reloadToFirstRowMs, f.floor.reloadToWorkbenchMs)} / ${ratio(f.current.reloadToFirstRowMs, f.current.reloadToWorkbenchMs)} of the workbench (target under 2×)`,
      ],
      [
        "7 the editor's request -> first Agent Jobs row drawn, floor / current",
        `${ms(f.floor.askedToFirstRowMs)} / ${ms(f.current.askedToFirstRowMs)}`,
        '<= 400 ms',
      ],
      [
        "7   Docs Agent's own part: activation's start -> first Agent Jobs answer",
        `${ms(f.floor.split.firstAnswerMs)} / ${ms(f.current.split.firstAnswerMs)}`,
        '<= 150 ms',
      ],
      [
        "7     of which the workbench's: view registered -> its request for the rows",
        `${ms(f.floor.registeredToAskedMs)} / ${ms(f.current.registeredToAskedMs)}`,
        'medians',
      ],
      ...(['floor', 'current'] as const).map((name): Row => {
        const { codeMs, editorMs, viewRegisteredMs, jobsReadMs, viewAskedMs, firstAnswerMs, activatedMs } = f[name].split;
        return [
          `7   ${name}: asked -> code loaded | editor prepares | view registered / jobs read / rows asked / first answer / activated`,
          `${ms(codeMs)} | ${ms(editorMs)} | ${viewRegisteredMs} / ${jobsReadMs} / ${viewAskedMs} / ${firstAnswerMs} / ${activatedMs} ms`,
          'medians',
        ];
      }),
    ]),
  ];
  const widths = [0, 1].map((i) => Math.max(...rows.map((r) => r[i].length)));
  console.log('');
  for (const [figure, value, target] of rows) {
    console.log(`${figure.padEnd(widths[0] ?? 0)}  ${value.padStart(widths[1] ?? 0)}  ${target}`.trimEnd());
  }
  console.log(`total ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const failed = [analytics, webview, polling, size, machine, history, readers, budget, hunks, editors, askedEarly, hunksEditor].some(
    (r) => !r.ok,
  );
  // Explicit exit: keep-alive sockets and code-server's handlers must not hold the process.
  process.exit(failed ? 1 : 0);
}

main().catch((error: unknown) => {
  process.stderr.write(`bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
