// No sentence left in English in a translation: a translated string that is word for word the
// English fails, unless what remains once names, placeholders, codicons, `code` and links are set
// aside are words that language writes the same (German and Portuguese say Branch and Status, as
// their language packs do; French says Total). A new command, setting or message added without
// its translation, or copied over in English, shows up here.
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundleStrings, manifestStrings, repoRoot, shippedLanguages } from '../support/manifest';

/** Kept as written in every language (the glossary's names and abbreviations). */
const names = ['Docs Agent', 'Mintlify', 'AI', 'API', 'URL', 'MCP', 'ID', 'JSON', 'HTML', 'CLI', 'min', 's'];

/** Words a language writes as the English does, in the sense the extension uses them. */
const sameWords: Record<(typeof shippedLanguages)[number], string[]> = {
  // The day format's letters (YYYY-MM-DD), as Chinese, Japanese and Korean software writes them.
  'zh-cn': ['YYYY-MM-DD'],
  ja: ['YYYY-MM-DD'],
  ko: ['YYYY-MM-DD'],
  es: ['Total', 'Token'],
  fr: ['Total', 'Page', 'Pages', 'branches', 'minute', 'minutes'],
  de: ['Status', 'Branch', 'Repository', 'Merge', 'Name', 'Prompt', 'Token'],
  'pt-br': ['Total', 'Status', 'status', 'Branch', 'branch', 'branches', 'Prompt', 'Token', 'fast-forward', 'squash', 'rebase'],
};

/** The words of `text` once what stays as written is set aside. */
function wordsOf(text: string): string[] {
  const stripped = text
    .replace(/\{\d+\}|\$\([^)]*\)|`[^`]*`|\]\([^)]*\)|docsAgent\.[\w.]+/g, ' ')
    .replace(new RegExp(`(?<![\\p{L}])(?:${names.join('|')})(?![\\p{L}])`, 'gu'), ' ');
  return stripped.match(/[\p{L}][\p{L}'’-]*/gu) ?? [];
}

describe('nothing left in English in a translation', () => {
  const english = { ...bundleStrings(), ...manifestStrings() };

  for (const language of shippedLanguages) {
    it(`has no sentence, command, setting or view in ${language} that is still the English`, () => {
      const translated = { ...bundleStrings(language), ...manifestStrings(language) };
      const same = new Set(sameWords[language]);
      const left = Object.entries(english)
        .filter(([key, text]) => translated[key] === text && wordsOf(text).some((word) => !same.has(word)))
        .map(([key]) => key);
      assert.deepEqual(left, [], `${language}: still in English`);
    });
  }

  it('has every walkthrough page translated, none a copy of the English', () => {
    const folder = join(repoRoot, 'media/walkthrough');
    const pages = readdirSync(folder).filter((name) => /^[a-z-]+\.md$/.test(name));
    for (const page of pages) {
      const text = readFileSync(join(folder, page), 'utf8');
      for (const language of shippedLanguages)
        assert.notEqual(readFileSync(join(folder, page.replace(/\.md$/, `.nls.${language}.md`)), 'utf8'), text, `${page} in ${language}`);
    }
  });
});
