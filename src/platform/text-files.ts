// Text files by name: where the extension keeps whole reports and records, rather than the
// editor's global state (one JSON blob sent whole to the main process on every change). Free of
// vscode so what uses it runs in plain Node tests; the extension's adapter is editor/storage-folder.ts.

export interface TextFiles {
  /** Undefined when missing or unreadable. */
  read(name: string): Promise<string | undefined>;
  write(name: string, text: string): Promise<void>;
  /** A missing file is fine. */
  remove(name: string): Promise<void>;
}
