// How many times faster than the wall clock the extension's own waits between checks pass.
// It is 1 for everyone. The test suites start an editor with DOCS_AGENT_TEST_PACE (say 10) so a
// polling pace measured over minutes takes seconds and keeps its ratios. Only waits the
// extension chooses itself are paced; what the service asks for (Retry-After) and every time
// shown to the writer stay in real time.

/** The pace asked for by the environment: a number from 1 to 100, else 1. */
export function testPace(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.DOCS_AGENT_TEST_PACE);
  return Number.isFinite(value) && value >= 1 && value <= 100 ? value : 1;
}
