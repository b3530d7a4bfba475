// A prompt's first line, as a job's title: on its own, as the jobs' rows (loaded at activation)
// need none of the checks of a prompt to send.
export function firstLine(prompt: string, max = 100): string {
  const line =
    prompt
      .split(/\r?\n/)
      .map((l) => l.trim())
      .find((l) => l !== '') ?? '';
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
