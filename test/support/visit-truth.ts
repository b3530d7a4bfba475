// Independent ground truth for analytics tests: distinct counts computed straight from the
// emulator's raw visit log, not through the emulator's own aggregation.
import type { EmulatorControl } from '../emulator/control-client';

export interface Truth {
  totals: { human: number; ai: number; total: number };
  byPath: Map<string, { human: number; ai: number; total: number }>;
}

/** Visits on days from..to, both included. */
export async function visitTruth(control: EmulatorControl, projectId: string, from: string, to: string): Promise<Truth> {
  const visits = (await control.visits(projectId)).filter((v) => v.day >= from && v.day <= to);
  const sets = (): { human: Set<string>; ai: Set<string> } => ({ human: new Set(), ai: new Set() });
  const site = sets();
  const paths = new Map<string, ReturnType<typeof sets>>();
  for (const visit of visits) {
    const entry = paths.get(visit.path) ?? sets();
    paths.set(visit.path, entry);
    entry[visit.kind].add(visit.visitor);
    site[visit.kind].add(visit.visitor);
  }
  const count = (s: ReturnType<typeof sets>) => ({ human: s.human.size, ai: s.ai.size, total: new Set([...s.human, ...s.ai]).size });
  return { totals: count(site), byPath: new Map([...paths].map(([path, s]) => [path, count(s)])) };
}
