// The rows of the Pages view: a site, a group, a page, a path without a page, and
// what readers said (an unhappy page, a search that found nothing, an unanswered question).
import * as vscode from 'vscode';
import type { AssistantTurn, SearchTerm } from '../api/signal-types';
import type { PathRow } from '../visitors/protocol';
import type { AskGroup } from './ask-prompt';
import { type OpenTarget, openTarget, siteOrigin } from './page-open';
import type { PageRow } from './pages-model';
import type { UnansweredQuestion } from './reader-signals';
import type { SignalGroups, UnhappyRow } from './signal-groups';
import type { SectionGroup } from './pages-sections';
import type { SiteReport } from './site-readers';

/** The groups of what readers said. */
export type SignalGroup = 'unhappy' | 'searches' | 'questions';

export type PagesNode =
  | { kind: 'site'; report: SiteReport }
  | {
      kind: 'group';
      group: AskGroup | SignalGroup;
      label: string;
      id: string;
      children: PagesNode[];
      expanded: boolean;
      range: string;
      /** What share of the range the group is made from, when not all of it. */
      partial?: string;
    }
  | { kind: 'section'; id: string; label: string; children: PagesNode[] }
  | { kind: 'page'; row: PageRow; uri: vscode.Uri | undefined; root: vscode.Uri; range: string }
  | { kind: 'path'; row: PathRow; report: SiteReport }
  | { kind: 'unhappy'; row: UnhappyRow; uri: vscode.Uri | undefined; root: vscode.Uri; open: OpenTarget | undefined; range: string }
  | { kind: 'search'; term: SearchTerm; turns: readonly AssistantTurn[]; range: string }
  | { kind: 'question'; question: UnansweredQuestion; range: string };

type Group = (id: AskGroup | SignalGroup, label: string, children: PagesNode[], expanded: boolean, partial?: string) => PagesNode;

/** A site's pages by its sections (language, product, tab…), each with the pages directly in it. */
export function sectionNodes(group: SectionGroup<PageRow>, siteId: string, pages: (rows: PageRow[]) => PagesNode[]): PagesNode[] {
  return [
    ...group.sections.map((section): PagesNode => ({
      kind: 'section',
      id: `${siteId}#section${section.key}`,
      label: `${section.label} (${section.count})`,
      children: sectionNodes(section, siteId, pages),
    })),
    ...pages(group.rows),
  ];
}

/** The pages under a node, however deep its sections go. */
export function pagesUnder(node: PagesNode): PagesNode[] {
  if (node.kind === 'section' || node.kind === 'group')
    return node.children.flatMap((child) => (child.kind === 'section' ? pagesUnder(child) : [child]));
  return [node];
}

/** The three groups of what readers said, collapsed but for the unhappy pages. */
export function signalNodes(report: SiteReport, groups: SignalGroups, range: string, group: Group): PagesNode[] {
  const uriOf = (row: UnhappyRow): vscode.Uri | undefined =>
    row.sitePage?.file ? vscode.Uri.joinPath(report.site.root, row.sitePage.file) : undefined;
  const origin = report.signals && siteOrigin(report.signals);
  return [
    group(
      'unhappy',
      'Unhappy readers',
      groups.unhappy.map((row): PagesNode => ({
        kind: 'unhappy',
        row,
        uri: uriOf(row),
        root: report.site.root,
        open: openTarget(row.sitePage, origin),
        range,
      })),
      true,
      groups.partial.unhappy,
    ),
    group(
      'searches',
      'Searches that found nothing',
      groups.searches.map((term): PagesNode => ({ kind: 'search', term, turns: groups.turns, range })),
      false,
      groups.partial.searches,
    ),
    group(
      'questions',
      'Questions the assistant could not answer',
      groups.questions.map((question): PagesNode => ({ kind: 'question', question, range })),
      false,
      groups.partial.questions,
    ),
  ];
}
