// Every sentence that counts, in every language Docs Agent ships, through the functions that build
// it, for 0, 1, 2, 5 and 1,000,000: one item never reads as many (Japanese, Chinese and Korean have
// no singular in their plural rules, so their sentence for one must still be written for one), the
// million is written as the language writes numbers, and French, Spanish and Portuguese say
// "1 000 000 de …" where a count can reach a million.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { l10nJsonFormat } from '@vscode/l10n';
import { count, useLanguage } from '../../src/platform/words';
import { repoRoot, shippedLanguages } from '../support/manifest';
import { formatWait } from '../../src/api/wait-text';
import { describePrompt } from '../../src/jobs/prompt-text';
import { reviewSentLabel, takenLabel } from '../../src/jobs/job-record-entries';
import { runningJobsText } from '../../src/jobs/running-jobs-text';
import { tooLongText } from '../../src/jobs/pr-link';
import { ReservationSpentError } from '../../src/platform/reserving-ledger';
import { branchesText } from '../../src/previews/branches-text';
import { appliedSummary, checkOutDescription } from '../../src/review/change-counts-text';
import { costText, partText } from '../../src/readers/site-read-text';
import { askedText, citedText, commentsText, searchedText, searchesHereText, searchesText } from '../../src/readers/said-counts-text';
import { visitorsText } from '../../src/readers/page-readers';
import { trackedJobsHead } from '../../src/tools/job-tool-text';
import { followedJobsHead } from '../../src/tools/job-list-tool-text';
import { buildLogLine } from '../../src/tools/preview-tool-text';
import { feedbackRefusalText, sourceLine } from '../../src/tools/feedback-tool-text';
import { fewestTitle, rankText, readCostConfirmation, requestsText, siteHead } from '../../src/tools/readers-tool-text';
import { onlyPartFitsText, visitorsLabelText, visitorsShortText, visitorsTooltipText } from '../../src/visitors/visitors-count-text';
import { unaskedStopText } from '../../src/visitors/read-budget';
import { helpfulText, loadingText, readWithText, trendCostText, weeklyText } from '../../src/webview/visitors/counted-text';
import { summaryText } from '../../src/webview/visitors/table-model';
import {
  appliedFileText,
  copiedIdsText,
  notFoundQuestion,
  sendPromptsText,
  stoppedTrackingText,
  switchedText,
  unpushedCommitsQuestion,
} from '../../src/commands/command-counts-text';

type Language = 'en' | (typeof shippedLanguages)[number];
const languages: readonly Language[] = ['en', ...shippedLanguages];
const intlTag: Record<Language, string> = {
  en: 'en',
  'zh-cn': 'zh-CN',
  ja: 'ja',
  ko: 'ko',
  es: 'es',
  fr: 'fr',
  de: 'de',
  'pt-br': 'pt-BR',
};

/** Words that make one item read as several ("these", "them", "all"), per language. */
const manyWords: Record<Language, RegExp> = {
  en: /\b(these|those|them|they|their|all|both)\b/i,
  de: /\b(diese|sie alle|alle|allen|beide|beiden|sämtliche)\b/i,
  // "les" as a pronoun stands before a verb's infinitive ("les suivre"); as an article before a plural noun.
  fr: /\b(ces|ceux|celles|eux|elles|tous|toutes|les deux)\b|\bles \p{L}+(er|ir|re)\b/iu,
  es: /\b(estos|estas|esos|esas|ellos|ellas|todos|todas|ambos|ambas)\b|\p{L}+(ar|er|ir)(los|las)\b/iu,
  'pt-br': /\b(estes|estas|esses|essas|eles|elas|todos|todas|ambos|ambas)\b|-(los|las|os|as)\b/iu,
  ja: /これら|それら|あれら|すべて|全て|全部|両方/,
  // "任何…都" is "none … ever", not "all of them".
  'zh-cn': /这些|那些|它们|他们|全部|所有|(?<!任何[^，。；]{0,8})都|两者/u,
  ko: /이들|이것들|그것들|모두|전부|모든|둘 다|들도|들을|들이/,
};

interface CountedSentence {
  /** What it is, in a failure's message. */
  name: string;
  render(n: number): string;
  /** The counts it can be said for, when not every one of 0, 1, 2, 5 and a million. */
  counts?: readonly number[];
  /** The million in full ("1,000,000") or short ("1M", the status bar). */
  shows?: 'full' | 'compact' | 'none';
  /** A count that can reach a million: French, Spanish and Portuguese say "1 000 000 de …". */
  millions?: boolean;
  /** Single-item words the sentence means (with why). */
  allows?: { words: Partial<Record<Language, RegExp>>; why: string };
}

const million = 1_000_000;
const site = { site: 'docs.example.com', projectId: 'p1', siteTotals: { total: 10, human: 8, ai: 2 } };

const sentences: CountedSentence[] = [
  { name: 'wait (seconds)', render: (n) => formatWait(n * 1000), counts: [1, 2, 5, 59] },
  { name: 'wait (minutes)', render: (n) => formatWait(n * 60_000), counts: [2, 5, 59] },
  { name: 'wait (hours)', render: (n) => formatWait(n * 3_600_000), counts: [2, 5, million] },
  { name: 'prompt size', render: (n) => describePrompt('x'.repeat(n)) },
  {
    name: 'prompt lines',
    render: (n) => describePrompt(Array.from({ length: n }, () => 'x').join('\n'), { withLines: true }),
    counts: [1, 2, 5],
  },
  { name: 'applied in the job’s record', render: (n) => takenLabel({ applied: n, total: n, files: n }) },
  { name: 'review sent', render: reviewSentLabel },
  { name: 'jobs running', render: runningJobsText },
  { name: 'link too long', render: tooLongText },
  { name: 'reservation spent', render: (n) => new ReservationSpentError(n).message },
  { name: 'preview branches', render: branchesText },
  { name: 'hunks applied', render: (n) => appliedSummary({ applied: n, total: n, files: n }) },
  { name: 'check out', render: checkOutDescription },
  { name: 'read in part', render: partText },
  { name: 'read cost', render: (n) => costText('the last 30 days', n, 3, undefined) },
  { name: 'read cost estimated', render: (n) => costText('the last 30 days', n, 3, '(estimated)') },
  { name: 'comments', render: commentsText },
  { name: 'searches', render: searchesText, millions: true },
  { name: 'searches lead here', render: searchesHereText, millions: true },
  { name: 'searched', render: (n) => searchedText('“pricing”', n, 'Last 30 days', '40%'), millions: true },
  { name: 'asked the assistant', render: (n) => askedText(n, '“pricing”') },
  { name: 'cited', render: citedText },
  { name: 'visitors', render: visitorsText, millions: true },
  { name: 'tracked jobs (chat)', render: trackedJobsHead },
  { name: 'followed jobs (chat)', render: followedJobsHead },
  { name: 'build log lines', render: buildLogLine },
  { name: 'read now (chat)', render: (n) => sourceLine({ requests: n, used: 3 }) },
  { name: 'feedback refused (chat)', render: (n) => feedbackRefusalText('/quickstart', n, 3) },
  { name: 'requests', render: requestsText },
  {
    name: 'site read cost (chat)',
    render: (n) => readCostConfirmation({ sites: n }, 'Last 7 days', 4, 3).message,
    allows: {
      words: {
        de: /\ballen?\b/i,
        fr: /\btoutes\b/i,
        es: /\btodas\b/i,
        'pt-br': /\btodas\b/i,
        'zh-cn': /所有/,
        ko: /모든/,
        ja: /すべて|全/,
      },
      why: 'every page of the one site',
    },
  },
  { name: 'rank among paths (chat)', render: (n) => rankText({ rank: 1, of: n }) },
  { name: 'no rank among paths (chat)', render: (n) => rankText({ rank: undefined, of: n }) },
  { name: 'site head (chat)', render: (n) => siteHead(site, 'Last 7 days', n) },
  { name: 'fewest readers (chat)', render: (n) => fewestTitle(Math.min(n, 10), n) },
  { name: 'only part fits', render: (n) => onlyPartFitsText('Reading visitors', n, 1) },
  {
    name: 'unasked read stops',
    render: (n) => unaskedStopText('Reading visitors', n, 3),
    allows: { words: { fr: /^celles$/ }, why: '“celles que vous demandez”: the reads, not the requests counted' },
  },
  { name: 'status bar visitors', render: visitorsShortText, shows: 'compact', millions: true },
  {
    name: 'status bar tooltip',
    render: (n) => visitorsTooltipText('/quickstart', n, 'in the last 30 days', undefined, 40),
    millions: true,
  },
  { name: 'status bar tooltip ranked', render: (n) => visitorsTooltipText('/quickstart', n, 'in the last 30 days', 2, 40), millions: true },
  { name: 'status bar for screen readers', render: (n) => visitorsLabelText(n, '/quickstart', 'Last 30 days'), millions: true },
  { name: 'found it helpful', render: (n) => helpfulText(n, 0) },
  {
    name: 'trend cost',
    render: (n) => trendCostText({ type: 'trendCost', requests: n, cachedWeeks: 0, weeks: 4 }, false),
    counts: [1, 2, 5, million],
  },
  { name: 'trend read with', render: readWithText, counts: [1, 2, 5, million] },
  {
    name: 'a week over whole weeks',
    render: (n) => weeklyText({ range: { from: '2026-11-01', to: '2026-11-30' }, fullWeeks: n, perWeek: 7, votes: null }),
  },
  { name: 'loading pages', render: (n) => loadingText(n, undefined) },
  { name: 'loading pages of about', render: (n) => loadingText(n, n + 10) },
  { name: 'paths', render: (n) => summaryText(n, n, n, count) },
  { name: 'paths of', render: (n) => summaryText(Math.min(n, 1), n, Math.min(n, 1), count) },
  { name: 'jobs not found', render: (n) => notFoundQuestion(n).message },
  { name: 'also stop tracking', render: (n) => notFoundQuestion(n).also, shows: 'none' },
  { name: 'stopped tracking', render: stoppedTrackingText },
  { name: 'copied job IDs', render: copiedIdsText, counts: [2, 5, million] },
  { name: 'commits not pushed', render: (n) => unpushedCommitsQuestion('docs-agent/faq', n).message },
  { name: 'preview without commits', render: (n) => unpushedCommitsQuestion('docs-agent/faq', n).anyway, shows: 'none' },
  { name: 'prompts to send', render: (n) => sendPromptsText(n).head, counts: [2, 5, million] },
  { name: 'send jobs', render: (n) => sendPromptsText(n).send, counts: [2, 5, million] },
  { name: 'switched to the branch', render: (n) => switchedText('docs-agent/faq', n) },
  { name: 'applied a file', render: (n) => appliedFileText('intro.mdx', n) },
];

function bundleOf(language: Language): l10nJsonFormat | undefined {
  if (language === 'en') return undefined;
  return JSON.parse(readFileSync(join(repoRoot, `l10n/bundle.l10n.${language}.json`), 'utf8')) as l10nJsonFormat;
}

describe('every sentence that counts, in every language', () => {
  after(() => useLanguage('en', undefined));
  const counts = [0, 1, 2, 5, million];

  for (const language of languages) {
    it(`${language}: one item reads as one, a million as the language writes it`, () => {
      useLanguage(language, bundleOf(language));
      const full = new Intl.NumberFormat(intlTag[language]).format(million);
      const compact = new Intl.NumberFormat(intlTag[language], { notation: 'compact', maximumFractionDigits: 1 }).format(million);
      const wrong: string[] = [];
      for (const s of sentences) {
        for (const n of s.counts ?? counts) {
          const text = s.render(n);
          const say = (why: string): number => wrong.push(`${s.name} (${n}): ${why}: ${text}`);
          if (!text.trim() || /\{\d\}/.test(text)) say('empty or a placeholder left');
          const many = new RegExp(manyWords[language].source, `${manyWords[language].flags}g`);
          const found = [...text.matchAll(many)].map((m) => m[0]).filter((word) => !s.allows?.words[language]?.test(word));
          if (n === 1 && found.length) say(`“${found.join('”, “')}” for one item`);
          if (n !== million || s.shows === 'none') continue;
          const number = s.shows === 'compact' ? compact : full;
          if (!text.includes(number)) say(`no “${number}”`);
          const de = /^(fr|es|pt-br)$/.test(language) && s.millions && !text.includes(`${number} de `);
          if (de) say(`no “${number} de …”`);
        }
      }
      assert.deepEqual(wrong, []);
    });
  }
});
