// The manifest's Markdown and the walkthrough's pages read in every language as they do in English:
// rendered with the editor's own parser (`marked`), each translation has as much bold, italic, code
// and as many links (to the same places) as the English, and no `**` or backtick shows as text.
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundleStrings, manifestStrings, repoRoot, shippedLanguages } from '../support/manifest';
import { asSettingsEditorShows, rendered } from '../support/rendered-markdown';

/** The package.nls keys the manifest uses in a field the editor renders as Markdown (markdownDescription, markdownDeprecationMessage, markdownEnumDescriptions…). */
function markdownKeys(): string[] {
  const keys: string[] = [];
  const walk = (value: unknown, inMarkdown: boolean): void => {
    if (typeof value === 'string') {
      const key = /^%([^%\s]+)%$/.exec(value)?.[1];
      if (inMarkdown && key) keys.push(key);
    } else if (Array.isArray(value)) {
      for (const item of value) walk(item, inMarkdown);
    } else if (value && typeof value === 'object') {
      for (const [field, item] of Object.entries(value)) walk(item, inMarkdown || /^markdown[A-Z]/.test(field));
    }
  };
  walk(JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')), false);
  return keys;
}

const pagesFolder = join(repoRoot, 'media/walkthrough');
const pages = readdirSync(pagesFolder).filter((name) => /^[a-z-]+\.md$/.test(name));
const page = (name: string, language?: string): string =>
  readFileSync(join(pagesFolder, language ? name.replace(/\.md$/, `.nls.${language}.md`) : name), 'utf8');

/** Where `translated` does not show what `english` shows, in a line each. */
function differences(english: string, translated: string): string[] {
  const [want, got] = [rendered(english), rendered(translated)];
  const found: string[] = [];
  for (const what of ['strong', 'em', 'code'] as const)
    if (want[what] !== got[what]) found.push(`${got[what]} <${what}> where English has ${want[what]}`);
  if (want.links.join(' ') !== got.links.join(' '))
    found.push(`links to ${got.links.join(', ')} where English links to ${want.links.join(', ')}`);
  if (got.leftovers.length) found.push(`shows ${got.leftovers.join(' ')} as text`);
  return found;
}

/** What a bold name in a setting stands for: a command's title or a view's group, by its package.nls or bundle key. */
function keyOfName(name: string): { manifest?: string; bundle?: string } {
  const manifest = Object.entries(manifestStrings()).find(([, text]) => text === name)?.[0];
  const bundle = Object.entries(bundleStrings()).find(([, text]) => text === name)?.[0];
  return manifest ? { manifest } : { bundle };
}

describe('Markdown in the writer’s language, as the editor renders it', () => {
  const keys = markdownKeys();
  const english = manifestStrings();

  it('finds the manifest’s Markdown fields, and the English renders clean', () => {
    assert.ok(keys.length > 25, `only ${keys.length} Markdown fields found`);
    assert.ok(keys.includes('config.jobs.hideFinishedAfterDays.markdownDescription'));
    for (const key of keys) assert.deepEqual(rendered(asSettingsEditorShows(english[key] ?? '')).leftovers, [], key);
    for (const name of pages) assert.deepEqual(rendered(page(name)).leftovers, [], name);
  });

  for (const language of shippedLanguages) {
    it(`renders every Markdown setting and walkthrough page in ${language} with the English’s bold, code and links`, () => {
      const translated = manifestStrings(language);
      const faults = [
        ...keys.flatMap((key) =>
          differences(asSettingsEditorShows(english[key] ?? ''), asSettingsEditorShows(translated[key] ?? '')).map((d) => `${key}: ${d}`),
        ),
        ...pages.flatMap((name) => differences(page(name), page(name, language)).map((d) => `${name}: ${d}`)),
      ];
      assert.deepEqual(faults, [], `${language}:\n${faults.join('\n')}`);
    });

    it(`names in bold, in ${language}, the commands and groups a setting names as the editor shows them`, () => {
      const [manifest, bundle] = [manifestStrings(language), bundleStrings(language)];
      const wrong = keys.flatMap((key) => {
        const want = rendered(english[key] ?? '').bold.map((name) => {
          const found = keyOfName(name);
          return (found.manifest ? manifest[found.manifest] : found.bundle ? bundle[found.bundle] : undefined) ?? `(no text: ${name})`;
        });
        const got = rendered(manifestStrings(language)[key] ?? '').bold;
        return [...got].sort().join(' | ') === [...want].sort().join(' | ')
          ? []
          : [`${key}: ${got.join(' | ')} where the editor shows ${want.join(' | ')}`];
      });
      assert.deepEqual(wrong, [], `${language}:\n${wrong.join('\n')}`);
    });
  }
});
