// The code's sentences in every language Docs Agent ships: l10n/bundle.l10n.json is exactly what
// `npm run l10n` extracts from src (so no sentence is missed or left behind), and each language's
// bundle has every sentence, none empty, with its placeholders, codicons and `code` as written.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getL10nJson } from '@vscode/l10n-dev';
import { bundleStrings, repoRoot, shippedLanguages } from '../support/manifest';
import { keptAsWritten } from '../support/kept-as-written';
import { sourceFiles } from '../support/untranslated';

describe('the code’s sentences in the writer’s language', () => {
  const english = bundleStrings();

  it('bundle.l10n.json holds exactly the sentences src marks with l10n.t (run `npm run l10n` after changing one)', async function () {
    this.timeout(60_000);
    const files = sourceFiles(join(repoRoot, 'src')).map((file) => ({ contents: readFileSync(file, 'utf8'), extension: '.ts' }));
    const extracted = await getL10nJson(files);
    const messages = Object.fromEntries(
      Object.entries(extracted).map(([key, value]) => [key, typeof value === 'string' ? value : value.message]),
    );
    assert.deepEqual(
      Object.keys(messages).filter((key) => !(key in english)),
      [],
      'sentences in src that bundle.l10n.json lacks',
    );
    assert.deepEqual(
      Object.keys(english).filter((key) => !(key in messages)),
      [],
      'sentences in bundle.l10n.json that src no longer has',
    );
    assert.ok(Object.keys(english).length > 300, `only ${Object.keys(english).length} sentences: is the bundle there?`);
  });

  for (const language of shippedLanguages) {
    it(`has every sentence in ${language}, none empty, with its placeholders, codicons and code kept`, () => {
      const translated = bundleStrings(language);
      assert.deepEqual(
        Object.keys(english).filter((key) => !(key in translated)),
        [],
        `l10n/bundle.l10n.${language}.json lacks these`,
      );
      assert.deepEqual(
        Object.keys(translated).filter((key) => !(key in english)),
        [],
        `l10n/bundle.l10n.${language}.json has sentences the code no longer uses`,
      );
      for (const [key, text] of Object.entries(english)) {
        const other = translated[key] ?? '';
        assert.ok(other.trim(), `${language}: "${key}" is empty`);
        assert.deepEqual(keptAsWritten(other), keptAsWritten(text), `${language}: "${key}" keeps what must stay as written`);
      }
    });
  }
});
