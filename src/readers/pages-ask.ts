// Ask the Agent from the Pages view: the prompt for the page, path or group the writer chose.
import { visitorsMostlyAiPercent } from '../editor/config';
import { askGroupPrompt, askPrompt, type AskSubject } from './ask-prompt';
import { rangeLabel } from '../visitors/date-range';
import type { PagesNode } from './pages-view';

function subjectOf(node: PagesNode): { subject: AskSubject; range: string } | undefined {
  if (node.kind === 'page') return { subject: { kind: 'page', ...node.row }, range: node.range };
  if (node.kind === 'path') return { subject: { kind: 'withoutPage', row: node.row }, range: rangeLabel(node.report.range) };
  return undefined;
}

/** The prompt to start from, or undefined for a node that names no page. */
export function promptForNode(node: PagesNode): string | undefined {
  const mostlyAi = visitorsMostlyAiPercent();
  const one = subjectOf(node);
  if (one) return askPrompt(one.subject, one.range, mostlyAi);
  if (node.kind !== 'group' || !node.children.length) return undefined;
  const subjects = node.children.map(subjectOf).flatMap((s) => (s ? [s.subject] : []));
  return askGroupPrompt(node.group, node.group === 'all' ? [...subjects].reverse() : subjects, node.range);
}
