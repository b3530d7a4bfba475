// Waiting for something a test cannot be told about by an event (a file on disk, another
// process's state): a poll with a deadline, never a fixed sleep.

/**
 * Resolves once `check` holds, polling every few milliseconds until the deadline (less often
 * where checking costs: a bench must not load the machine it measures).
 */
export async function eventually(check: () => boolean, what: string, timeoutMs = 5_000, intervalMs = 5): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
