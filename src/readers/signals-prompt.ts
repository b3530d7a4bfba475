// The prompt Ask the Agent starts from for what readers said: it quotes the evidence (the
// searches, their click-through, the assistant questions and the pages it cited, the comments)
// and says what to do. The writer edits it before it is sent. Sent to the agent, so it stays
// English whatever the writer's language. Pure.
//
// What readers typed, and the paths the analytics reported, go only inside a fenced block the
// text cannot close (platform/data-fence.ts), one item a line with its numbers before it: the
// first line (the job's title) and the task are the extension's own words.
import type { AssistantTurn, SearchTerm } from '../api/signal-types';
import { fencedData } from '../platform/data-fence';
import type { SitePage } from '../site/inventory';
import { pageAddress } from '../site/page-address';
import type { PageSignals, UnansweredQuestion, UnhappyPage } from './reader-signals';
import { promptPercent as percent, times } from './prompt-words';
import { relatedQuestions } from './related-questions';
import { oneLine } from './said-words';

/** At most this many quotes of one kind: the agent works on a focused job better. */
const maxQuoted = 5;

// Sent to the agent: stays English.
/** The questions about a search, indented under it: how often, what the assistant cited, then the question. */
function questionLines(related: readonly AssistantTurn[]): string[] {
  const byQuery = new Map<string, { text: string; count: number; cited: Set<string> }>();
  for (const turn of related) {
    const key = turn.query.trim().toLowerCase();
    const seen = byQuery.get(key) ?? { text: turn.query, count: 0, cited: new Set<string>() };
    seen.count++;
    for (const source of turn.sources) seen.cited.add(pageAddress(source.url));
    byQuery.set(key, seen);
  }
  return [...byQuery.values()]
    .sort((a, b) => b.count - a.count)
    .slice(0, maxQuoted)
    .map(
      (q) =>
        `  - asked the assistant ${times(q.count)}, ${q.cited.size ? `it cited ${[...q.cited].join(', ')}` : 'it cited no page'}: ${oneLine(q.text)}`,
    );
}

// Sent to the agent: stays English.
/** A search (or several) that led nowhere, with the assistant questions about the same thing. */
export function searchPrompt(terms: readonly SearchTerm[], turns: readonly AssistantTurn[], range: string): string {
  const listed = terms.slice(0, maxQuoted);
  const lines = listed.flatMap((t) => {
    const found = t.topClickedPage ? `hardly any opened a result (the top one: ${pageAddress(t.topClickedPage)})` : 'none opened a result';
    return [
      `- ${times(t.hits)}, click-through ${percent(t.ctr)}, ${found}: ${oneLine(t.query)}`,
      ...questionLines(relatedQuestions(t.query, turns)),
    ];
  });
  const more = terms.length > listed.length ? [`(and ${terms.length - listed.length} more searches like these)`] : [];
  return [
    `Readers searched for ${listed.length === 1 ? 'this' : 'these'} ${range} and hardly any opened a result.`,
    'Each line says how often a search was made and how it went, then the search; a line indented under it is a question readers asked the docs assistant about the same thing.',
    '',
    fencedData('readers', lines),
    ...more,
    '',
    'Find where the docs should answer these searches: add a section to the page that fits (or a new page), using the words readers searched for in its title or headings so search finds it, and link it from related pages.',
  ].join('\n');
}

// Sent to the agent: stays English.
/** What the agent changes for a page: its file, its operation in a spec, or (a page no file serves now) the page at its path. */
function placeOf(sitePage: SitePage | undefined): { named: string; change: string } {
  if (sitePage?.generated)
    return { named: `a page generated from ${sitePage.generated.spec}`, change: `its operation in ${sitePage.generated.spec}` };
  if (sitePage?.file) return { named: sitePage.file, change: sitePage.file };
  return { named: 'a page of the docs', change: 'the page at that path (no file here serves it now: it may have moved or been removed)' };
}

// Sent to the agent: stays English.
/** An unhappy page: its votes and what its readers wrote. */
export function unhappyPagePrompt(page: UnhappyPage, signals: PageSignals, sitePage: SitePage | undefined, range: string): string {
  const place = placeOf(sitePage);
  const comments = signals.comments.slice(0, maxQuoted).map((c) => `Comment: ${oneLine(c.comment ?? '')}`);
  return [
    `Readers voted down ${place.named} ${range}: ${page.thumbsDown} down and ${page.thumbsUp} up (${percent(page.share)} down).`,
    `Improve ${place.change} so it answers what these readers missed; keep what works.`,
    '',
    `Below are the page's path as the analytics names it${comments.length ? " and its readers' comments, newest pending first" : ''}, one a line.`,
    fencedData('readers', [`Page: ${oneLine(page.pagePath)}`, ...comments]),
  ].join('\n');
}

// Sent to the agent: stays English.
/** Several unhappy pages: each with its votes and its newest pending comment. */
export function unhappyPagesPrompt(
  rows: readonly { page: UnhappyPage; signals: PageSignals; sitePage: SitePage | undefined }[],
  range: string,
): string {
  const listed = rows.slice(0, maxQuoted);
  const lines = listed.map(({ page, signals, sitePage }) => {
    const [first] = signals.comments;
    const wrote = first?.comment ? `; one wrote: ${oneLine(first.comment)}` : '';
    const where = sitePage?.generated ? `its operation in ${sitePage.generated.spec}` : (sitePage?.file ?? 'no file serves it now');
    return `- ${oneLine(page.pagePath)} (${where}): ${page.thumbsDown} down, ${page.thumbsUp} up (${percent(page.share)} down)${wrote}`;
  });
  const more = rows.length > listed.length ? [`(and ${rows.length - listed.length} more pages like these)`] : [];
  return [
    `Readers voted ${listed.length === 1 ? 'this page' : 'these pages'} down ${range}.`,
    'Each line names a page by its path as the analytics names it, then what to change, its votes and the newest pending comment.',
    '',
    fencedData('readers', lines),
    ...more,
    '',
    'Improve each so it answers what its readers missed (their comments say what); keep what works.',
  ].join('\n');
}

// Sent to the agent: stays English.
const whyText: Record<UnansweredQuestion['why'], string> = {
  clarifying: 'it asked a clarifying question instead of answering',
  unanswered: 'it marked the question as not covered by the docs',
  'no sources': 'it answered without citing any page',
};

// Sent to the agent: stays English.
/** Questions the assistant could not answer from the docs. */
export function questionsPrompt(questions: readonly UnansweredQuestion[], range: string): string {
  const listed = questions.slice(0, maxQuoted);
  const lines = listed.map((q) => `- asked ${times(q.asked)}, ${whyText[q.why]}: ${oneLine(q.query)}`);
  const more = questions.length > listed.length ? [`(and ${questions.length - listed.length} more)`] : [];
  return [
    `Readers asked the docs assistant ${listed.length === 1 ? 'this question' : 'these questions'} ${range}, and it could not answer from the docs.`,
    'Each line says how often a question was asked and why it went unanswered, then the question.',
    '',
    fencedData('readers', lines),
    ...more,
    '',
    'Add what answers them to the pages where readers would look (or a new page), so the assistant can cite it.',
  ].join('\n');
}
