// Pages as writers have them, for the hunk reading's tests and bench: the version the agent
// started from, the agent's version, and the writer's working text, in the shapes that made the
// review freeze (a re-indented page, a rewritten section, a long table, a very long page).
// Seeded: the same pages on every run.

export interface HunkPage {
  name: string;
  base: string;
  agent: string;
  working: string;
}

function seeded(seed: number): (n: number) => number {
  let state = seed;
  return (n) => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state % n;
  };
}

const words = ['install', 'the', 'key', 'page', 'sign', 'in', 'project', 'job', 'send', 'read', 'guide', 'docs', 'agent', 'change'];

/** A prose or list line, different from its neighbours. */
function proseLine(random: (n: number) => number, i: number): string {
  const sentence = Array.from({ length: 4 + random(8) }, () => words[random(words.length)] ?? '').join(' ');
  return random(4) === 0 ? `- ${sentence} (${i})` : `${sentence} ${i}.`;
}

const text = (lines: readonly string[]): string => lines.map((line) => `${line}\n`).join('');

/** `count` lines of the agent's, each replacing one line spread evenly over lines `from` to `to - 1`. */
function agentLines(lines: readonly string[], count: number, from: number, to: number): string[] {
  const step = Math.floor((to - from) / count);
  return lines.map((line, i) =>
    i >= from && i < to && (i - from) % step === Math.floor(step / 2) && (i - from) / step < count ? `${line} Updated by the agent.` : line,
  );
}

/** A page of `size` lines, the agent's 8 changes in it, and the writer's text re-indented by two spaces. */
export function reindentedPage(size: number): HunkPage {
  const random = seeded(size);
  const base = Array.from({ length: size }, (_, i) => proseLine(random, i));
  return {
    name: `${size}-line page re-indented, 8 changes`,
    base: text(base),
    agent: text(agentLines(base, 8, 0, size)),
    working: text(base.map((line) => `  ${line}`)),
  };
}

/** A 600-line page whose 120-line section the writer rewrote, with the agent's 8 changes in that section. */
export function rewrittenSectionPage(): HunkPage {
  const random = seeded(600);
  const base = Array.from({ length: 600 }, (_, i) => proseLine(random, i));
  const working = base.map((line, i) => (i >= 240 && i < 360 ? `${proseLine(random, i)} (rewritten)` : line));
  return {
    name: '600-line page, a 120-line section rewritten, 8 changes in it',
    base: text(base),
    agent: text(agentLines(base, 8, 240, 360)),
    working: text(working),
  };
}

/** A table page of `size` rows, the agent's `changes` spread over it, and 10% of its rows changed by the writer. */
export function tablePage(size: number, changes: number): HunkPage {
  const random = seeded(size + changes);
  const base = [
    '| Name | Type | Description |',
    '| --- | --- | --- |',
    ...Array.from({ length: size - 2 }, (_, i) => `| field_${i} | string | ${proseLine(random, i)} |`),
  ];
  const working = base.map((line, i) => (i > 2 && random(10) === 0 ? line.replace(' string ', ' text ') : line));
  return {
    name: `${size}-line table page, 10% of rows changed by the writer, ${changes} changes`,
    base: text(base),
    agent: text(agentLines(base, changes, 2, size)),
    working: text(working),
  };
}

/** The shapes the bench times and the tests bound. */
export function hardPages(): HunkPage[] {
  return [reindentedPage(200), reindentedPage(400), rewrittenSectionPage(), tablePage(3000, 8), tablePage(10_000, 40)];
}
