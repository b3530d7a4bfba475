// Figure 4, part one: the bundle sizes a user downloads and the editor parses. Read from dist/,
// which `npm run bench` builds with the production (minified) settings first.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../support/workbench/code-server';

export interface SizeFigures {
  extensionBytes: number;
  /** extension.js and the files it requires at once: what a window parses when Docs Agent starts. */
  atActivationBytes: number;
  /** Every other file of the extension's code, loaded on first use (undici, yaml, the webview aside). */
  onFirstUseBytes: number;
  /** Loaded on the first request, never at activation. */
  undiciBytes: number;
  webviewBytes: number;
}

const dist = join(repoRoot, 'dist');
const size = (file: string): number => statSync(join(dist, file)).size;

/**
 * The files `file` requires when it loads, and theirs. A part loaded on first use is required
 * inside `Promise.resolve().then(() => …require("./part.js"))` (how the build writes `import()`),
 * so it does not count.
 */
function requiredAtLoad(file: string, found = new Set<string>()): Set<string> {
  if (found.has(file)) return found;
  found.add(file);
  const code = readFileSync(join(dist, file), 'utf8');
  for (const [, lazy, required] of code.matchAll(/(Promise\.resolve\(\)\.then\(\(\)=>[\w$]*\(?)?require\("\.\/([^"]+)"\)/g)) {
    if (!lazy && required) requiredAtLoad(required, found);
  }
  return found;
}

export function sizeBench(): Promise<SizeFigures> {
  const atActivation = requiredAtLoad('extension.js');
  const sum = (files: Iterable<string>): number => [...files].reduce((total, file) => total + size(file), 0);
  const onFirstUse = readdirSync(dist).filter(
    (file) => file.endsWith('.js') && !atActivation.has(file) && !['undici.js', 'yaml.js'].includes(file),
  );
  return Promise.resolve({
    extensionBytes: size('extension.js'),
    atActivationBytes: sum(atActivation),
    onFirstUseBytes: sum(onFirstUse),
    undiciBytes: size('undici.js'),
    webviewBytes: size('webview/visitors.js'),
  });
}
