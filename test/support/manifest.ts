// package.json as the editor shows it: each "%key%" string replaced by its text in
// package.nls.json (English) or package.nls.<language>.json.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const repoRoot = join(__dirname, '../../..');

/** The languages Docs Agent ships besides English, as the editor names them. */
export const shippedLanguages = ['zh-cn', 'ja', 'ko', 'es', 'fr', 'de', 'pt-br'] as const;

const readJson = (file: string): unknown => JSON.parse(readFileSync(join(repoRoot, file), 'utf8'));

/** The manifest's strings in `language` (English when none is given). */
export function manifestStrings(language?: string): Record<string, string> {
  const file = language ? `package.nls.${language}.json` : 'package.nls.json';
  return existsSync(join(repoRoot, file)) ? (readJson(file) as Record<string, string>) : {};
}

/** Every "%key%" string of `value`, at any depth, as it reads in `strings`. */
function resolved(value: unknown, strings: Record<string, string>): unknown {
  if (typeof value === 'string') {
    const key = /^%([^%\s]+)%$/.exec(value)?.[1];
    return key !== undefined && key in strings ? strings[key] : value;
  }
  if (Array.isArray(value)) return value.map((item) => resolved(item, strings));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolved(v, strings)]));
  return value;
}

/** package.json as the editor shows it in `language` (English when none is given). */
export function readManifest<T>(language?: string): T {
  const strings = { ...manifestStrings(), ...(language ? manifestStrings(language) : {}) };
  return resolved(readJson('package.json'), strings) as T;
}

/** The "%key%" references package.json makes. */
export function manifestKeys(): string[] {
  return [...readFileSync(join(repoRoot, 'package.json'), 'utf8').matchAll(/"%([^%"\s]+)%"/g)].map((m) => m[1] ?? '');
}

/** The code's sentences (l10n/bundle.l10n.json, or .<language>.json), key → text. */
export function bundleStrings(language?: string): Record<string, string> {
  const file = language ? `l10n/bundle.l10n.${language}.json` : 'l10n/bundle.l10n.json';
  if (!existsSync(join(repoRoot, file))) return {};
  const entries = Object.entries(readJson(file) as Record<string, string | { message: string }>);
  return Object.fromEntries(entries.map(([key, value]) => [key, typeof value === 'string' ? value : value.message]));
}
