// Words that were English in every language: the build log's tab title and the hint for typing a
// day. Each is read here through l10n with a language's own bundle, as the editor loads it.
import * as assert from 'node:assert/strict';
import * as l10n from '@vscode/l10n';
import { buildLogFileName } from '../../src/previews/build-log-name';
import { checkCustomRange, dayFormatHint } from '../../src/visitors/date-range';
import { bundleStrings, shippedLanguages } from '../support/manifest';

/** Year, month and day as each language abbreviates them (German Jahr, Monat, Tag; French jour). */
const dayHints: Record<(typeof shippedLanguages)[number] | 'en', string> = {
  en: 'YYYY-MM-DD',
  de: 'JJJJ-MM-TT',
  es: 'AAAA-MM-DD',
  'pt-br': 'AAAA-MM-DD',
  fr: 'AAAA-MM-JJ',
  // Chinese, Japanese and Korean software writes the Latin letters.
  'zh-cn': 'YYYY-MM-DD',
  ja: 'YYYY-MM-DD',
  ko: 'YYYY-MM-DD',
};

describe('words once left in English, in the writer’s language', () => {
  afterEach(() => l10n.config({ contents: {} }));

  for (const language of ['en', ...shippedLanguages] as const) {
    it(`names the build log’s tab and the day format in ${language}`, () => {
      if (language !== 'en') l10n.config({ contents: bundleStrings(language) });
      const tab = buildLogFileName('docs/fix links');
      assert.match(tab, /\.log$/, 'ends in .log, so the editor colours it as a log');
      assert.ok(tab.includes('docs-fix-links'), `${tab} names the branch as written (what a file name cannot hold as "-")`);
      if (language === 'en') assert.equal(tab, 'docs-fix-links build log.log');
      else assert.ok(!/build log/i.test(tab), `${tab} is in ${language}`);

      assert.equal(dayFormatHint(), dayHints[language]);
      assert.ok(checkCustomRange('2026-02-30', '2026-03-05', '2026-11-20')?.includes(`(${dayHints[language]})`));
      assert.ok(checkCustomRange('2026-02-01', '2026/03/05', '2026-11-20')?.includes(`(${dayHints[language]})`));
    });
  }
});
