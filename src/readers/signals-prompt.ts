// The prompt Ask the Agent starts from for what readers said: it quotes the evidence (the
// searches, their click-through, the assistant questions and the pages it cited, the comments)
// and says what to do. The writer edits it before it is sent. Sent to the agent, so it stays
// English whatever the writer's language. Pure.
import type { AssistantTurn, SearchTerm } from '../api/signal-types';
import { pageAddress } from '../site/page-address';
import type { PageSignals, UnansweredQuestion, UnhappyPage } from './reader-signals';
import { promptPercent as percent, promptQuoted as quote, times } from './prompt-words';
import { oneLine } from './said-words';

/** At most this many quotes of one kind: the agent works on a focused job better. */
const maxQuoted = 5;

/** Assistant turns asking about the same thing as a search: every word of the search in the question. */
export function relatedQuestions(term: string, turns: readonly AssistantTurn[]): AssistantTurn[] {
  const words = term.toLowerCase().split(/\W+/).filter(Boolean);
  return words.length ? turns.filter((t) => words.every((w) => t.query.toLowerCase().includes(w))) : [];
}

// Sent to the agent: stays English.
function questionsLine(related: readonly AssistantTurn[]): string {
  if (!related.length) return '';
  const byQuery = new Map<string, { text: string; count: number; cited: Set<string> }>();
  for (const turn of related) {
    const key = turn.query.trim().toLowerCase();
    const seen = byQuery.get(key) ?? { text: turn.query, count: 0, cited: new Set<string>() };
    seen.count++;
    for (const source of turn.sources) seen.cited.add(pageAddress(source.url));
    byQuery.set(key, seen);
  }
  const lines = [...byQuery.values()]
    .sort((a, b) => b.count - a.count)
    .slice(0, maxQuoted)
    .map(
      (q) =>
        `the assistant was asked ${quote(q.text)} ${times(q.count)}${q.cited.size ? ` and cited ${[...q.cited].join(', ')}` : ' and cited no page'}`,
    );
  return `; ${lines.join('; ')}`;
}

// Sent to the agent: stays English.
/** A search (or several) that led nowhere, with the assistant questions about the same thing. */
export function searchPrompt(terms: readonly SearchTerm[], turns: readonly AssistantTurn[], range: string): string {
  const listed = terms.slice(0, maxQuoted);
  const said = listed.map((t) => {
    const found = t.topClickedPage ? `hardly any opened a result (the top one: ${pageAddress(t.topClickedPage)})` : 'none opened a result';
    return `readers searched ${quote(t.query)} ${times(t.hits)} ${range} (click-through ${percent(t.ctr)}) and ${found}${questionsLine(relatedQuestions(t.query, turns))}.`;
  });
  const more = terms.length > listed.length ? [`(and ${terms.length - listed.length} more searches like these)`] : [];
  return [
    ...said.map((line) => `- ${line.charAt(0).toUpperCase()}${line.slice(1)}`),
    ...more,
    '',
    'Find where the docs should answer these searches: add a section to the page that fits (or a new page), using the words readers searched for in its title or headings so search finds it, and link it from related pages.',
  ].join('\n');
}

// Sent to the agent: stays English.
/** An unhappy page: its votes and what its readers wrote. */
export function unhappyPagePrompt(page: UnhappyPage, signals: PageSignals, file: string, range: string): string {
  const comments = signals.comments.slice(0, maxQuoted).map((c) => `> ${oneLine(c.comment ?? '')}`);
  const wrote = comments.length ? ['', 'Their comments (newest pending first):', ...comments] : [];
  return [
    `Readers of ${page.pagePath} voted ${page.thumbsDown} down and ${page.thumbsUp} up ${range} (${percent(page.share)} down).`,
    ...wrote,
    '',
    `Improve ${file} so it answers what these readers missed; keep what works.`,
  ].join('\n');
}

// Sent to the agent: stays English.
/** Several unhappy pages: each with its votes and its newest pending comment. */
export function unhappyPagesPrompt(rows: readonly { page: UnhappyPage; signals: PageSignals; file: string }[], range: string): string {
  const listed = rows.slice(0, maxQuoted);
  const lines = listed.map(({ page, signals, file }) => {
    const [first] = signals.comments;
    const wrote = first?.comment ? `; one wrote ${quote(first.comment)}` : '';
    return `- ${file} (${page.pagePath}): ${page.thumbsDown} down, ${page.thumbsUp} up (${percent(page.share)} down)${wrote}`;
  });
  const more = rows.length > listed.length ? [`(and ${rows.length - listed.length} more pages like these)`] : [];
  return [
    `Readers voted these pages down ${range}:`,
    ...lines,
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
  const lines = listed.map((q) => `- ${quote(q.query)}, asked ${times(q.asked)} ${range}: ${whyText[q.why]}.`);
  const more = questions.length > listed.length ? [`(and ${questions.length - listed.length} more)`] : [];
  return [
    'The docs assistant could not answer these readers’ questions from the docs:',
    ...lines,
    ...more,
    '',
    'Add what answers them to the pages where readers would look (or a new page), so the assistant can cite it.',
  ].join('\n');
}
