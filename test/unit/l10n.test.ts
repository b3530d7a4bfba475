// The manifest's words in every language Docs Agent ships: each string the editor shows from
// package.json is a %key% of package.nls.json, and each language has every key, none empty, with
// every placeholder, codicon, command link and `code` of the English kept as written.
import * as assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { manifestKeys, manifestStrings, repoRoot, shippedLanguages } from '../support/manifest';
import { keptAsWritten as kept } from '../support/kept-as-written';

interface Contributes {
  commands: Array<{ title: string; category?: string }>;
  views: Record<string, Array<{ name: string }>>;
  viewsWelcome: Array<{ contents: string }>;
  walkthroughs: Array<{ title: string; description: string; steps: Array<{ title: string; description: string }> }>;
  configuration: {
    title: string;
    properties: Record<string, { markdownDescription?: string; description?: string; enumDescriptions?: string[] }>;
  };
  languageModelTools: Array<{ displayName: string; userDescription: string }>;
  submenus: Array<{ label: string }>;
  colors: Array<{ description: string }>;
}

describe('the manifest in the writer’s language', () => {
  const english = manifestStrings();

  it('takes every string the editor shows from package.nls.json, and keeps no key it does not use', () => {
    const raw = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { displayName: string; contributes: Contributes };
    const c = raw.contributes;
    const shown = [
      raw.displayName,
      ...c.commands.flatMap((x) => [x.title, x.category ?? '%absent%']),
      ...Object.values(c.views).flatMap((views) => views.map((v) => v.name)),
      ...c.viewsWelcome.map((w) => w.contents),
      ...c.walkthroughs.flatMap((w) => [w.title, w.description, ...w.steps.flatMap((s) => [s.title, s.description])]),
      c.configuration.title,
      ...Object.values(c.configuration.properties).flatMap((p) => [
        p.markdownDescription ?? p.description ?? '%absent%',
        ...(p.enumDescriptions ?? []),
      ]),
      ...c.languageModelTools.flatMap((t) => [t.displayName, t.userDescription]),
      ...c.submenus.map((s) => s.label),
      ...c.colors.map((x) => x.description),
    ];
    assert.deepEqual(
      shown.filter((text) => !/^%[^%\s]+%$/.test(text)),
      [],
      'written in package.json instead of package.nls.json',
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
