// Checks for values read from outside (the service, files other versions wrote, messages from
// the webview), and the one way an unknown error becomes text.

/** A plain JSON object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An error's message, or the thrown value as text when it is not an Error. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
