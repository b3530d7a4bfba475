// A pull request link comes from the service; only web links are ever opened. A `command:`,
// `vscode:`, `file:` or `javascript:` link could run something on the user's machine.

/** The link as a web address, or undefined when it is not an http(s) URL. */
export function webLink(link: string | null): string | undefined {
  if (!link) return undefined;
  try {
    const url = new URL(link.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}
