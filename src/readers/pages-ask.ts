// Ask the Agent from the Pages view: the prompt for the page, path, search, question or group
// the writer chose, quoting its numbers and what readers said. Prompts are sent to the agent, so
// they stay English whatever the writer's language, their ranges too (prompt-words.ts).
import { visitorsMostlyAiPercent } from '../editor/config';
import { type AskGroup, askGroupPrompt, askPrompt, type AskSubject } from './ask-prompt';
import { promptInRange as inRange, promptRangeLabel as rangeLabel } from './prompt-words';
import { type PagesNode, pagesUnder } from './pages-nodes';
import type { UnhappyRow } from './signal-groups';
import { questionsPrompt, searchPrompt, unhappyPagePrompt, unhappyPagesPrompt } from './signals-prompt';
import type { AssistantTurn, SearchTerm } from '../api/signal-types';
import type { UnansweredQuestion } from './reader-signals';

function subjectOf(node: PagesNode): { subject: AskSubject; range: string } | undefined {
  if (node.kind === 'page') return { subject: { kind: 'page', ...node.row }, range: rangeLabel(node.range) };
  if (node.kind === 'path') return { subject: { kind: 'withoutPage', row: node.row }, range: rangeLabel(node.report.range) };
  return undefined;
}

function signalPrompt(node: PagesNode): string | undefined {
  if (node.kind === 'unhappy') return unhappyPagePrompt(node.row.page, node.row.said, node.row.sitePage, inRange(rangeLabel(node.range)));
  if (node.kind === 'search') return searchPrompt([node.term], node.turns, inRange(rangeLabel(node.range)));
  if (node.kind === 'question') return questionsPrompt([node.question], inRange(rangeLabel(node.range)));
  return undefined;
}

function signalGroupPrompt(children: readonly PagesNode[], range: string): string | undefined {
  const unhappy = children.flatMap((c): UnhappyRow[] => (c.kind === 'unhappy' ? [c.row] : []));
  if (unhappy.length)
    return unhappyPagesPrompt(
      unhappy.map((row) => ({ page: row.page, signals: row.said, sitePage: row.sitePage })),
      range,
    );
  const searches = children.flatMap((c): { term: SearchTerm; turns: readonly AssistantTurn[] }[] => (c.kind === 'search' ? [c] : []));
  const [first] = searches;
  if (first)
    return searchPrompt(
      searches.map((s) => s.term),
      first.turns,
      range,
    );
  const questions = children.flatMap((c): UnansweredQuestion[] => (c.kind === 'question' ? [c.question] : []));
  return questions.length ? questionsPrompt(questions, range) : undefined;
}

const pageGroups = new Set<string>(['withoutPage', 'unread', 'mostlyAi', 'all'] satisfies AskGroup[]);
const isPageGroup = (group: string): group is AskGroup => pageGroups.has(group);

/** The prompt to start from, or undefined for a node that names nothing to ask about. */
export function promptForNode(node: PagesNode): string | undefined {
  const one = subjectOf(node);
  if (one) return askPrompt(one.subject, one.range, visitorsMostlyAiPercent());
  const said = signalPrompt(node);
  if (said) return said;
  if (node.kind === 'section') return pagesPrompt('all', pagesUnder(node));
  if (node.kind !== 'group' || !node.children.length) return undefined;
  const { group } = node;
  if (!isPageGroup(group)) return signalGroupPrompt(node.children, inRange(rangeLabel(node.range)));
  return pagesPrompt(group, pagesUnder(node));
}

/** A group of pages (or a section of them), the least read first for every page. */
function pagesPrompt(group: AskGroup, nodes: readonly PagesNode[]): string | undefined {
  const [first] = nodes;
  const range = first?.kind === 'page' ? rangeLabel(first.range) : first?.kind === 'path' ? rangeLabel(first.report.range) : undefined;
  if (!range) return undefined;
  const subjects = nodes.map(subjectOf).flatMap((s) => (s ? [s.subject] : []));
  // Every page, least read first across the site's sections (each section lists its own most read first).
  const total = (s: AskSubject): number => (s.kind === 'page' ? s.readers.total : s.row.total);
  return askGroupPrompt(group, group === 'all' ? [...subjects].sort((a, b) => total(a) - total(b)) : subjects, range);
}
