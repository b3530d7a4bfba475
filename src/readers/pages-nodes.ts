// The rows of the Pages view: a site, a group, a page, a path without a page, and
// what readers said (an unhappy page, a search that found nothing, an unanswered question).
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { count } from '../platform/words';
import type { AssistantTurn, SearchTerm } from '../api/signal-types';
import type { PathRow, RangeChoice } from '../visitors/protocol';
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
      /** The range its rows are read over (the label is the view's to write, the prompt's own in English). */
      range: RangeChoice;
      /** What share of the range the group is made from, when not all of it. */
      partial?: string;
    }
  | { kind: 'section'; id: string; label: string; children: PagesNode[] }
  | { kind: 'page'; row: PageRow; uri: vscode.Uri | undefined; root: vscode.Uri; range: RangeChoice }
  | { kind: 'path'; row: PathRow; report: SiteReport }
  | { kind: 'unhappy'; row: UnhappyRow; uri: vscode.Uri | undefined; root: vscode.Uri; open: OpenTarget | undefined; range: RangeChoice }
  | { kind: 'search'; term: SearchTerm; turns: readonly AssistantTurn[]; range: RangeChoice }
  | { kind: 'question'; question: UnansweredQuestion; range: RangeChoice };

type Group = (id: AskGroup | SignalGroup, label: string, children: PagesNode[], expanded: boolean, partial?: string) => PagesNode;

/** A site's pages by its sections (language, product, tab…), each with the pages directly in it. */
export function sectionNodes(group: SectionGroup<PageRow>, siteId: string, pages: (rows: PageRow[]) => PagesNode[]): PagesNode[] {
  return [
    ...group.sections.map((section): PagesNode => ({
      kind: 'section',
      id: `${siteId}#section${section.key}`,
      label: l10n.t({
        message: '{0} ({1})',
        args: [section.label, count(section.count)],
        comment: ['A section of the site (a language, product, tab…): its name, then how many pages it holds'],
      }),
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
export function signalNodes(report: SiteReport, groups: SignalGroups, range: RangeChoice, group: Group): PagesNode[] {
  const uriOf = (row: UnhappyRow): vscode.Uri | undefined =>
    row.sitePage?.file ? vscode.Uri.joinPath(report.site.root, row.sitePage.file) : undefined;
  const origin = report.signals && siteOrigin(report.signals);
  return [
    group(
      'unhappy',
      // The group's name as the settings (package.nls.json) name it.
      l10n.t('Unhappy readers'),
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
      l10n.t('Searches that found nothing'),
      groups.searches.map((term): PagesNode => ({ kind: 'search', term, turns: groups.turns, range })),
      false,
      groups.partial.searches,
    ),
    group(
      'questions',
      l10n.t('Questions the assistant could not answer'),
      groups.questions.map((question): PagesNode => ({ kind: 'question', question, range })),
      false,
      groups.partial.questions,
    ),
  ];
}
