// Tells the log, once per file and reason, that a file of the machine's shared folder was passed
// over (damaged, a newer version's, or not a plain file at all), so whoever asks why a review or a
// job is missing finds the reason, without a line at every rescan, heartbeat or redraw. The
// extension points it at its output channel; elsewhere (tests, child processes) it says nothing.
// No vscode import.

let write: ((line: string) => void) | undefined;
/** What was said already: a path and its reason. */
const told = new Set<string>();
/** Forgotten past this many (the folders hold hashed names, so this is never reached by a sane machine). */
const maxTold = 10_000;

/** Sends the lines to `writer` (the extension's log) until disposed; undefined sends them nowhere. */
export function logSkippedFilesTo(writer: ((line: string) => void) | undefined): { dispose(): void } {
  write = writer;
  return {
    dispose: () => {
      if (write === writer) write = undefined;
    },
  };
}

export const skipLog = {
  /** `path` was skipped because `why`: written once per path and reason. */
  warn(path: string, why: string): void {
    const key = `${path}\n${why}`;
    if (told.has(key)) return;
    if (told.size >= maxTold) told.clear();
    told.add(key);
    write?.(`Skipped ${path}: ${why}.`);
  },
};
