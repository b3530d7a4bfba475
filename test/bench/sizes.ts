// Figure 4, part one: the bundle sizes a user downloads and the editor parses. Read from dist/,
// which `npm run bench` builds with the production (minified) settings first.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../support/workbench/code-server';

export interface SizeFigures {
  extensionBytes: number;
  /** Loaded on the first request, never at activation. */
  undiciBytes: number;
  webviewBytes: number;
}

export function sizeBench(): Promise<SizeFigures> {
  const size = (file: string): number => statSync(join(repoRoot, 'dist', file)).size;
  return Promise.resolve({
    extensionBytes: size('extension.js'),
    undiciBytes: size('undici.js'),
    webviewBytes: size('webview/visitors.js'),
  });
}
