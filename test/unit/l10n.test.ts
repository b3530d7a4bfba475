// The manifest's words in every language Docs Agent ships: each string the editor shows from
// package.json is a %key% of package.nls.json, and each language has every key, none empty, with
// every placeholder, codicon, command link and `code` of the English kept as written.
import * as assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { manifestKeys, manifestStrings, repoRoot, shippedLanguages } from '../support/manifest';
import { keptAsWritten as kept } from '../support/kept-as-written';

interface Contributes {
  commands: Array<{ command: string; category?: string }>;
  configuration: {
    properties: Record<string, { markdownDescription?: string; description?: string; markdownDeprecationMessage?: string }>;
  };
}

/** The manifest's fields a writer reads, wherever they are (a setting's, a view's, a walkthrough's, the trust prompt's…). */
const shownFields = new Set([
  'displayName',
  'description',
  'title',
  'shortTitle',
  'category',
  'label',
  'contextualTitle',
  'contents',
  'userDescription',
  'markdownDescription',
  'deprecationMessage',
  'markdownDeprecationMessage',
  'enumDescriptions',
  'markdownEnumDescriptions',
  'enumItemLabels',
]);
/** Read only by a model (a tool's modelDescription and inputSchema): English, word for word what the code sends. */
const modelOnly = new Set(['modelDescription', 'inputSchema']);

/** Every string of package.json a writer reads, with where it is; views' names too. */
function shownStrings(value: unknown, path: string, shown: boolean): Array<{ path: string; text: string }> {
  if (typeof value === 'string') return shown ? [{ path, text: value }] : [];
  if (Array.isArray(value)) return value.flatMap((item, i) => shownStrings(item, `${path}[${i}]`, shown));
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([field, item]) =>
    modelOnly.has(field) || ['scripts', 'devDependencies', 'dependencies'].includes(field)
      ? []
      : shownStrings(item, `${path}.${field}`, shownFields.has(field) || (field === 'name' && path.startsWith('.contributes.views.'))),
  );
}

describe('the manifest in the writer’s language', () => {
  const english = manifestStrings();

  it('takes every string the editor shows from package.nls.json, and keeps no key it does not use', () => {
    const raw: unknown = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'));
    const shown = shownStrings(raw, '', false);
    assert.ok(shown.length > 150, `only ${shown.length} shown strings found`);
    assert.deepEqual(
      shown.filter(({ text }) => !/^%[^%\s]+%$/.test(text)).map(({ path, text }) => `${path}: ${text}`),
      [],
      'written in package.json instead of package.nls.json',
    );
    const c = (raw as { contributes: Contributes }).contributes;
    assert.deepEqual(
      c.commands.filter((x) => !x.category).map((x) => x.command),
      [],
      'commands with no category',
    );
    assert.deepEqual(
      Object.entries(c.configuration.properties)
        .filter(([, p]) => !p.markdownDescription && !p.description && !p.markdownDeprecationMessage)
        .map(([id]) => id),
      [],
      'settings with no description',
    );
    const used = new Set(manifestKeys());
    assert.deepEqual(
      [...used].filter((key) => !(key in english)),
      [],
      'keys with no English text',
    );
    assert.deepEqual(
      Object.keys(english).filter((key) => !used.has(key)),
      [],
      'English texts package.json does not use',
    );
  });

  for (const language of shippedLanguages) {
    it(`has every string in ${language}, none empty, with its placeholders, codicons, command links and code kept`, () => {
      const translated = manifestStrings(language);
      assert.deepEqual(Object.keys(translated).sort(), Object.keys(english).sort(), `package.nls.${language}.json has the English keys`);
      for (const [key, text] of Object.entries(english)) {
        const other = translated[key] ?? '';
        assert.ok(other.trim(), `${language}: ${key} is empty`);
        assert.deepEqual(kept(other), kept(text), `${language}: ${key} keeps what must stay as written`);
      }
    });
  }

  // The walkthrough's step pages: the editor shows <page>.nls.<language>.md when there is one.
  const pages = readdirSync(join(repoRoot, 'media/walkthrough')).filter((name) => /^[a-z-]+\.md$/.test(name));
  for (const language of shippedLanguages) {
    it(`has the walkthrough's ${pages.length} step pages in ${language}, with their headings, links and code kept`, () => {
      for (const page of pages) {
        const english = readFileSync(join(repoRoot, 'media/walkthrough', page), 'utf8');
        const file = join(repoRoot, 'media/walkthrough', page.replace(/\.md$/, `.nls.${language}.md`));
        assert.ok(existsSync(file), `${relative(repoRoot, file)} is missing`);
        const translated = readFileSync(file, 'utf8');
        const headings = (text: string): string[] => text.match(/^#+ /gm) ?? [];
        assert.deepEqual(headings(translated), headings(english), `${page} in ${language}: the same headings`);
        assert.deepEqual(kept(translated), kept(english), `${page} in ${language}: links and code kept`);
      }
    });
  }
});
