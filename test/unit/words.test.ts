// Sentences, numbers, lists, plurals, dates and language names in the writer's language.
import * as assert from 'node:assert/strict';
import * as l10n from '@vscode/l10n';
import { compactCount, count, dateTime, languageName, listOf, plural, useLanguage } from '../../src/platform/words';
import { relativeTime } from '../../src/platform/relative-time';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../support/manifest';

/** A language's own translations, as the editor hands them to the extension. */
const bundle = (language: string): l10n.l10nJsonFormat =>
  JSON.parse(readFileSync(join(repoRoot, `l10n/bundle.l10n.${language}.json`), 'utf8')) as l10n.l10nJsonFormat;

describe('the writer’s language (words.ts)', () => {
  after(() => useLanguage('en', undefined));
  const utc: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' };
  const at = Date.parse('2026-11-27T16:05:00Z');

  it('answers with the bundle of the display language, and in English again without one', () => {
    useLanguage('ja', { 'Hello {0}': 'こんにちは、{0}' });
    assert.equal(l10n.t('Hello {0}', 'Ana'), 'こんにちは、Ana');
    assert.equal(relativeTime('2026-11-27T16:00:00Z', at), '5 分前');
    useLanguage('en', undefined);
    assert.equal(l10n.t('Hello {0}', 'Ana'), 'Hello Ana');
    assert.equal(relativeTime('2026-11-27T16:00:00Z', at), '5 min. ago');
  });

  it('writes numbers, lists, dates and language names as the display language does', () => {
    useLanguage('de', bundle('de'));
    assert.deepEqual([count(1234567), listOf(['a', 'b', 'c']), listOf(['a', 'b'], 'disjunction')], ['1.234.567', 'a, b und c', 'a oder b']);
    assert.equal(dateTime(at, utc), '27.11.2026, 16:05');
    assert.equal(languageName('es'), 'Spanisch');
    useLanguage('ja', bundle('ja'));
    assert.deepEqual(
      [compactCount(9876), compactCount(12_345), languageName('es'), dateTime(at, utc)],
      ['9,876', '1.2万', 'スペイン語', '2026/11/27 16:05'],
    );
    useLanguage('fr', bundle('fr'));
    assert.equal(count(1234), '1\u202f234');
  });

  it('picks the plural each language uses: French says “0 tâche”, one is one in Japanese too, millions have their form', () => {
    const pick = (n: number) => plural(n, 'one', 'other', 'many');
    const counts = [0, 1, 2, 1_000_000];
    useLanguage('en', undefined);
    assert.deepEqual(counts.map(pick), ['other', 'one', 'other', 'other']);
    useLanguage('fr', bundle('fr'));
    assert.deepEqual(counts.map(pick), ['one', 'one', 'other', 'many']);
    useLanguage('es', bundle('es'));
    assert.deepEqual(counts.map(pick), ['other', 'one', 'other', 'many']);
    useLanguage('ja', bundle('ja'));
    assert.deepEqual(counts.map(pick), ['other', 'one', 'other', 'other']);
    assert.equal(plural(1_000_000, 'one', 'other'), 'other', 'without a form for millions, other');
  });

  it('writes Italian and Russian, which Docs Agent does not translate, wholly in English: no sentence mixes two languages', () => {
    for (const language of ['it', 'ru']) {
      useLanguage(language, undefined);
      assert.equal(l10n.t('Hello {0}', 'Ana'), 'Hello Ana');
      assert.deepEqual(
        [count(1234567), listOf(['a', 'b', 'c']), dateTime(at, utc), relativeTime('2026-11-27T16:00:00Z', at)],
        ['1,234,567', 'a, b, and c', 'Nov 27, 2026, 4:05 PM', '5 min. ago'],
        language,
      );
      // Russian rules would say "many" for 5 and Italian "many" for a million: English says other.
      assert.deepEqual(
        [1, 5, 21, 1_000_000].map((n) => plural(n, 'one', 'other', 'many')),
        ['one', 'other', 'other', 'other'],
        language,
      );
    }
    useLanguage('en-gb', undefined);
    assert.equal(dateTime(at, utc), '27 Nov 2026, 16:05', 'an English variant keeps its dates');
    useLanguage('de', bundle('de'));
    assert.deepEqual([count(1234567), dateTime(at, utc)], ['1.234.567', '27.11.2026, 16:05']);
  });

  it('takes the editor’s names of languages (zh-cn, pt-br) and falls back to English for one it cannot format', () => {
    useLanguage('pt-br', bundle('pt-br'));
    assert.equal(count(1234.5), '1.234,5');
    useLanguage('qps-ploc', undefined);
    assert.equal(count(1234.5), '1,234.5');
  });
});
