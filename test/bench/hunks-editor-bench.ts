// Figure 11b: the agent's change to a 10,000-line page in the real editor. The host runner
// (test/host/run-in-code-server.ts: code-server, Chromium, the real extension host) runs only the
// bench spec test/host/hunk-cursor.bench.ts (DOCS_AGENT_TEST_BENCH), which writes its figures to
// the file named by DOCS_AGENT_BENCH_FIGURES: the extension host's longest turn while Review
// Job's Changes opens the diff and the page is first read, and while the cursor moves through 20
// of its hunks; for each, whose code the longest turns were (turn-owners.ts).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CursorFigures } from '../host/hunk-cursor.bench';
import type { Row } from './stats';

export type HunksEditorFigures = CursorFigures;

const repoRoot = join(__dirname, '../../..');

export async function hunksEditorBench(): Promise<HunksEditorFigures> {
  const folder = mkdtempSync(join(tmpdir(), 'docs-agent-hunks-bench-'));
  const figuresFile = join(folder, 'figures.json');
  try {
    const code = await new Promise<number | null>((resolve, reject) => {
      const child = spawn(process.execPath, [join(repoRoot, 'out/test/host/run-in-code-server.js')], {
        cwd: repoRoot,
        env: { ...process.env, DOCS_AGENT_TEST_BENCH: '1', DOCS_AGENT_BENCH_FIGURES: figuresFile },
        // Its report is progress: stdout stays the bench's JSON.
        stdio: ['ignore', process.stderr, process.stderr],
      });
      child.once('error', reject);
      child.once('exit', resolve);
    });
    if (!existsSync(figuresFile)) throw new Error(`the host bench spec wrote no figures (the runner exited ${String(code)})`);
    return JSON.parse(readFileSync(figuresFile, 'utf8')) as HunksEditorFigures;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** The owners' longest turns, longest first: "Docs Agent 210 ms, git 180 ms". */
const byOwner = (turns: Record<string, number>): string =>
  Object.entries(turns)
    .sort((a, b) => b[1] - a[1])
    .map(([owner, ms]) => `${owner} ${ms} ms`)
    .join(', ');

export function hunksEditorRows(f: HunksEditorFigures): Row[] {
  const { open, moves } = f;
  return [
    [
      `11b ${f.lines}-line page, ${f.hunks} hunks, VS Code ${f.vscodeVersion}: Review Job's Changes -> diff open / page read / longest turn`,
      `${open.commandMs} / ${open.ms} / ${open.longestTurnMs} ms`,
      'turn <= 50 ms',
    ],
    ['11b   longest turns (>= 20 ms) while opening, by whose code', byOwner(open.longestTurnByOwnerMs), ''],
    [
      `11b ${moves.count} cursor moves through the hunks: move median / max / longest turn`,
      `${moves.medianMs} / ${moves.maxMs} / ${moves.longestTurnMs} ms`,
      'turn <= 50 ms',
    ],
    ['11b   longest turns (>= 20 ms) while moving, by whose code', byOwner(moves.longestTurnByOwnerMs) || 'none', ''],
  ];
}
