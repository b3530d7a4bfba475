// Where the visitors cache keeps whole reports: files, not the editor's global state, which is
// one JSON blob sent whole to the main process on every change. Kept free of vscode so the
// cache runs in plain Node tests; the extension's adapter is in visitors-feature.ts.

/** Where persisted reports live: one text file per report (files under globalStorageUri in the extension). */
export interface ReportFiles {
  /** Undefined when missing or unreadable. */
  read(name: string): Promise<string | undefined>;
  write(name: string, text: string): Promise<void>;
  /** A missing file is fine. */
  remove(name: string): Promise<void>;
}
