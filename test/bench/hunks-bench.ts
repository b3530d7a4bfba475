// Figure 11: which of the agent's hunks are in the writer's page, read as the extension host reads
// it (issue 55: a 200-line re-indented page froze the host for 24 s). Module level, plain Node:
// for each hard page of test/support/hunk-pages.ts, git's hunks of the agent's change, the change
// prepared once (as a diff's first read does), then the working text read in slices again and
// again (as each edit does): each read's time, and the longest turn of the event loop while they
// ran. Target: every read and every turn <= 50 ms. 11b (hunks-editor-bench.ts) is the same in the
// real editor.
import { prepareChange, readHunksInSlices, type HunkReading } from '../../src/review/hunk-state';
import { parseHunks } from '../../src/review/hunks';
import { gitDiffOfTexts } from '../support/git/text-diff';
import { hardPages, type HunkPage } from '../support/hunk-pages';
import { watchTurns } from './loop-turns';
import { median, round, type Row } from './stats';

/** Timed reads of each page, after one warm-up read. */
const reads = 7;

export interface HunkStates {
  applied: number;
  notApplied: number;
  changedByYou: number;
  /** Of those changed by the writer, the ones in a part changed so much it was not read line by line. */
  muchChanged: number;
}

export interface HunkShapeFigures {
  name: string;
  lines: number;
  hunks: number;
  /** prepareChange: once per file of a change, in one turn. */
  prepareMs: number;
  /** The first read (the code not yet warm). */
  warmUpMs: number;
  reads: number;
  medianMs: number;
  maxMs: number;
  /** The longest turn of the event loop during the timed reads. */
  longestTurnMs: number;
  states: HunkStates;
}

export interface HunksFigures {
  shapes: HunkShapeFigures[];
}

export function statesOf(readings: readonly HunkReading[]): HunkStates {
  const count = (ok: (r: HunkReading) => boolean): number => readings.filter(ok).length;
  return {
    applied: count((r) => r.state === 'applied'),
    notApplied: count((r) => r.state === 'notApplied'),
    changedByYou: count((r) => r.state === 'changedByYou'),
    muchChanged: count((r) => r.muchChanged === true),
  };
}

async function timedRead(read: () => Promise<HunkReading[]>): Promise<{ ms: number; readings: HunkReading[] }> {
  const started = performance.now();
  const readings = await read();
  return { ms: performance.now() - started, readings };
}

async function shapeFigures(page: HunkPage): Promise<HunkShapeFigures> {
  const hunks = parseHunks(gitDiffOfTexts(page.base, page.agent));
  let started = performance.now();
  const prepared = prepareChange(hunks, page.base, page.agent);
  const prepareMs = performance.now() - started;
  const read = (): Promise<HunkReading[]> => readHunksInSlices(prepared, page.working);
  const warmUp = await timedRead(read);
  const samples: number[] = [];
  started = performance.now();
  const watched = await watchTurns(async () => {
    for (let i = 0; i < reads; i++) {
      // Each read on a turn of its own, as the extension host's reads come: a read shorter than a
      // slice never gives the thread back, so reads back to back would be one turn.
      await new Promise((resolve) => setImmediate(resolve));
      const { ms, readings } = await timedRead(read);
      samples.push(ms);
      if (JSON.stringify(readings) !== JSON.stringify(warmUp.readings)) throw new Error(`${page.name}: a read differed from the first`);
    }
  });
  return {
    name: page.name,
    lines: page.base.split('\n').length - 1,
    hunks: hunks.length,
    prepareMs: round(prepareMs),
    warmUpMs: round(warmUp.ms),
    reads,
    medianMs: round(median(samples)),
    maxMs: round(Math.max(...samples)),
    longestTurnMs: watched.longestTurnMs,
    states: statesOf(warmUp.readings),
  };
}

export async function hunksBench(): Promise<HunksFigures> {
  const shapes: HunkShapeFigures[] = [];
  for (const page of hardPages()) shapes.push(await shapeFigures(page));
  return { shapes };
}

export const statesText = (s: HunkStates): string =>
  `${s.applied} applied, ${s.notApplied} not, ${s.changedByYou} yours${s.muchChanged ? ` (${s.muchChanged} a lot)` : ''}`;

export function hunksRows(f: HunksFigures): Row[] {
  return f.shapes.flatMap(({ name, hunks, prepareMs, warmUpMs, medianMs, maxMs, longestTurnMs, states }): Row[] => [
    [`11 ${name}: read median / max / longest turn`, `${medianMs} / ${maxMs} / ${longestTurnMs} ms`, '<= 50 ms each'],
    [`11   ${hunks} hunks: ${statesText(states)}`, `prepare ${prepareMs} ms, first read ${warmUpMs} ms`, ''],
  ]);
}
