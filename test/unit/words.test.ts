// Sentences, numbers, lists, plurals, dates and language names in the writer's language.
import * as assert from 'node:assert/strict';
import * as l10n from '@vscode/l10n';
import { compactCount, count, dateTime, languageName, listOf, plural, useLanguage } from '../../src/platform/words';
import { relativeTime } from '../../src/platform/relative-time';

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
    useLanguage('de', undefined);
    assert.deepEqual([count(1234567), listOf(['a', 'b', 'c']), listOf(['a', 'b'], 'disjunction')], ['1.234.567', 'a, b und c', 'a oder b']);
    assert.equal(dateTime(at, utc), '27.11.2026, 16:05');
    assert.equal(languageName('es'), 'Spanisch');
    useLanguage('ja', undefined);
    assert.deepEqual(
      [compactCount(9876), compactCount(12_345), languageName('es'), dateTime(at, utc)],
      ['9,876', '1.2万', 'スペイン語', '2026/11/27 16:05'],
    );
    useLanguage('fr', undefined);
    assert.equal(count(1234), '1\u202f234');
  });

  it('picks the plural each language uses: French says “0 tâche”, Japanese has one form', () => {
    const pick = (n: number) => plural(n, 'one', 'other');
    useLanguage('en', undefined);
    assert.deepEqual([0, 1, 2].map(pick), ['other', 'one', 'other']);
    useLanguage('fr', undefined);
    assert.deepEqual([0, 1, 2].map(pick), ['one', 'one', 'other']);
    useLanguage('ja', undefined);
    assert.deepEqual([0, 1, 2].map(pick), ['other', 'other', 'other']);
  });

  it('takes the editor’s names of languages (zh-cn, pt-br) and falls back to English for one it cannot format', () => {
    useLanguage('pt-br', undefined);
    assert.equal(count(1234.5), '1.234,5');
    useLanguage('qps-ploc', undefined);
    assert.equal(count(1234.5), '1,234.5');
  });
});
