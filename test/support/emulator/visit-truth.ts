// Independent ground truth for analytics tests: distinct counts computed straight from the
// emulator's raw visit log, not through the emulator's own aggregation.
import type { EmulatorControl } from '../../emulator/control-client';
import type { Visit } from '../../emulator/types';

type Counts = { human: number; ai: number; total: number };

export interface Truth {
  totals: Counts;
  byPath: Map<string, Counts>;
}

/** Distinct counts over the visits on days from..to, both included. */
export function truthFromVisits(visits: readonly Visit[], from: string, to: string): Truth {
  const sets = (): { human: Set<string>; ai: Set<string> } => ({ human: new Set(), ai: new Set() });
  const site = sets();
  const paths = new Map<string, ReturnType<typeof sets>>();
  for (const visit of visits) {
    if (visit.day < from || visit.day > to) continue;
    const entry = paths.get(visit.path) ?? sets();
    paths.set(visit.path, entry);
    entry[visit.kind].add(visit.visitor);
    site[visit.kind].add(visit.visitor);
  }
  const count = (s: ReturnType<typeof sets>) => ({ human: s.human.size, ai: s.ai.size, total: new Set([...s.human, ...s.ai]).size });
  return { totals: count(site), byPath: new Map([...paths].map(([path, s]) => [path, count(s)])) };
}

/** One path's distinct visitors over a range (zeros when it had none). */
export function pathTruth(visits: readonly Visit[], pagePath: string, range: { from: string; to: string }): Counts {
  return truthFromVisits(visits, range.from, range.to).byPath.get(pagePath) ?? { human: 0, ai: 0, total: 0 };
}

/** The same, from the emulator's raw log. */
export async function visitTruth(control: EmulatorControl, projectId: string, from: string, to: string): Promise<Truth> {
  return truthFromVisits(await control.visits(projectId), from, to);
}
