// The Pages view: every page of each docs site with its readers in the default range, sorted
// and filtered, and the groups that say what to fix. From cached reports only; with none it is
// empty, and its welcome content offers to load one (the price is on the item the writer accepts).
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { count } from '../platform/words';
import { visitorsMostlyAiPercent } from '../editor/config';
import { contextKeys, viewIds } from '../platform/manifest-ids';
import { rangeLabel } from '../visitors/date-range';
import { aiShare, visitorsText } from './page-readers';
import { type PageRow, type PagesSort, pagesGroups } from './pages-model';
import { badgeTooltip } from './readers-text';
import type { SiteReaders, SiteReport } from './site-readers';
import { type PagesNode, sectionNodes, signalNodes } from './pages-nodes';
import type { PageTitles } from './page-titles';
import { signalGroups } from './signal-groups';
import { affectsReaderThresholds, readerThresholds } from '../editor/config-readers';
import { openCommand, questionItem, searchItem, unhappyItem } from './signal-items';

export type { PagesNode } from './pages-nodes';

/** What reading the missing reports, or what readers said of the given sites, would cost. */
export interface PagesCosts {
  /** "about 1 request of the 100 an hour (3 used)". */
  visitors: (reports: readonly SiteReport[]) => string;
  signals: (reports: readonly SiteReport[]) => string;
}

function sortLabel(sort: PagesSort): string {
  switch (sort) {
    case 'visitors':
      return l10n.t({ message: 'by visitors', args: [], comment: ['How the Pages view is sorted, beside its title'] });
    case 'aiShare':
      return l10n.t({ message: 'by share read by AI', args: [], comment: ['How the Pages view is sorted, beside its title'] });
    case 'name':
      return l10n.t({ message: 'by name', args: [], comment: ['How the Pages view is sorted, beside its title'] });
  }
}

export class PagesView implements vscode.TreeDataProvider<PagesNode>, vscode.Disposable {
  private sort: PagesSort = 'visitors';
  private filter = '';
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly view: vscode.TreeView<PagesNode>;
  private readonly listeners: vscode.Disposable[];

  constructor(
    private readonly readers: SiteReaders,
    private readonly costs: PagesCosts,
    private readonly titles: PageTitles,
  ) {
    this.view = vscode.window.createTreeView(viewIds.pages, { treeDataProvider: this, showCollapseAll: true });
    this.listeners = [
      this.view,
      readers.onDidChange(() => this.update()),
      titles.onDidChange(() => this.changed.fire()),
      vscode.workspace.onDidChangeConfiguration(
        (e) => (e.affectsConfiguration('docsAgent.visitors.mostlyAiPercent') || affectsReaderThresholds(e)) && this.update(),
      ),
    ];
    this.update();
  }

  setSort(sort: PagesSort): void {
    this.sort = sort;
    this.update();
  }

  setFilter(filter: string): void {
    this.filter = filter.trim();
    this.update();
  }

  get options(): { sort: PagesSort; filter: string } {
    return { sort: this.sort, filter: this.filter };
  }

  private update(): void {
    const reports = this.readers.reports();
    const missing = reports.filter((r) => !r.readers);
    const loaded = reports.filter((r) => r.readers);
    const unsaid = loaded.filter((r) => !r.signals);
    const notes = [
      // With no report at all the view is empty for its welcome content, which a message would hide.
      loaded.length > 0 &&
        missing.length > 0 &&
        l10n.t('Some docs sites have no report yet: loading them costs {0}.', this.costs.visitors(missing)),
      unsaid.length > 0 &&
        l10n.t(
          "What readers said (feedback, searches, questions to the assistant) is not read yet: {0}, in this view's title bar, costs {1}.",
          // The command's title, as package.nls.json names it.
          l10n.t('Read What Readers Said'),
          this.costs.signals(unsaid),
        ),
      // Said once here, so a writer knows why paths under such a section never show as lost.
      ...loaded.flatMap((r) => r.site.unchecked.map((u) => u.why)),
    ].filter((note): note is string => !!note);
    this.view.message = notes.length ? notes.join(' ') : undefined;
    this.view.description = [sortLabel(this.sort), this.filter && l10n.t('filter “{0}”', this.filter)].filter(Boolean).join(' · ');
    void vscode.commands.executeCommand('setContext', contextKeys.pagesView, this.state(reports.length, loaded.length, unsaid.length));
    this.changed.fire();
  }

  /** What the welcome content and title buttons go by (package.json's `docsAgent.pagesView` clauses). */
  private state(sites: number, loaded: number, unsaid: number): string | undefined {
    if (!this.readers.isRead) return undefined;
    if (sites === 0) return 'noSite';
    if (loaded === 0) return 'notLoaded';
    return unsaid > 0 ? 'saidUnread' : 'loaded';
  }

  getChildren(node?: PagesNode): PagesNode[] {
    if (!node) {
      // With no report read, the view is empty and its welcome content offers to load one.
      const reports = this.readers.reports().filter((r) => r.readers);
      return reports.length === 1 && reports[0] ? this.groupsOf(reports[0]) : reports.map((report) => ({ kind: 'site', report }));
    }
    if (node.kind === 'site') return this.groupsOf(node.report);
    return node.kind === 'group' || node.kind === 'section' ? node.children : [];
  }

  private groupsOf(report: SiteReport): PagesNode[] {
    const groups = pagesGroups(report.site.pages, report.readers ?? new Map(), report.withoutPage, {
      ...this.options,
      mostlyAiPercent: visitorsMostlyAiPercent(),
    });
    const { range } = report;
    const pages = (rows: PageRow[]): PagesNode[] =>
      rows.map((row) => ({
        kind: 'page',
        row,
        uri: row.file ? vscode.Uri.joinPath(report.site.root, row.file) : undefined,
        root: report.site.root,
        range,
      }));
    const group: Parameters<typeof signalNodes>[3] = (id, label, children, expanded, partial) => ({
      kind: 'group',
      group: id,
      range,
      id: `${report.site.root.toString()}#${id}`,
      // All pages may hold sections: its count is of pages.
      label: l10n.t({
        message: '{0} ({1})',
        args: [label, count(id === 'all' ? groups.all.length : children.length)],
        comment: ['A group of the Pages view: its name, then how many rows it holds'],
      }),
      children,
      expanded,
      ...(partial && { partial }),
    });
    const said: PagesNode[] = report.signals
      ? signalNodes(report, signalGroups(report.site.pages, report.signals, readerThresholds(), this.filter), range, group)
      : [];
    const shown = [
      group(
        'withoutPage',
        l10n.t('Visited paths with no page'),
        groups.withoutPage.map((row): PagesNode => ({ kind: 'path', row, report })),
        true,
      ),
      group('unread', l10n.t('Unread pages'), pages(groups.unread), true),
      ...said,
      group('mostlyAi', mostlyAiLabel(visitorsMostlyAiPercent()), pages(groups.mostlyAi), false),
      group(
        'all',
        l10n.t('All pages'),
        groups.bySection ? sectionNodes(groups.bySection, report.site.root.toString(), pages) : pages(groups.all),
        false,
      ),
    ];
    // A group with nothing in it says nothing: only All pages stays, to hold the filter's result.
    return shown.filter((node) => node.kind !== 'group' || node.children.length > 0 || node.group === 'all');
  }

  getTreeItem(node: PagesNode): vscode.TreeItem {
    switch (node.kind) {
      case 'site': {
        const item = new vscode.TreeItem(
          vscode.workspace.asRelativePath(node.report.site.root, true),
          vscode.TreeItemCollapsibleState.Expanded,
        );
        item.iconPath = new vscode.ThemeIcon('book');
        return item;
      }
      case 'group': {
        const state = node.expanded ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed;
        const item = new vscode.TreeItem(node.label, node.children.length ? state : vscode.TreeItemCollapsibleState.None);
        item.id = node.id;
        if (node.partial) {
          item.description = node.partial;
          item.tooltip = l10n.t('{0}, {1}: raise the docsAgent.readers caps to read more of the range.', node.label, node.partial);
        }
        item.contextValue = 'pagesGroup';
        return item;
      }
      case 'page':
        return pageItem(node.row, node.uri, node.root, rangeLabel(node.range), node.uri && this.titles.title(node.uri));
      case 'section': {
        const item = new vscode.TreeItem(node.label, vscode.TreeItemCollapsibleState.Collapsed);
        item.id = node.id;
        item.iconPath = new vscode.ThemeIcon('list-tree');
        item.contextValue = 'pagesSection';
        return item;
      }
      case 'unhappy':
        return unhappyItem(node);
      case 'search':
        return searchItem(node);
      case 'question':
        return questionItem(node);
      case 'path': {
        const item = new vscode.TreeItem(node.row.path);
        item.description = l10n.t('{0} · {1}% AI', visitorsText(node.row.total), count(aiShare(node.row)));
        item.tooltip = l10n.t(
          '{0} matches no page and no redirect: {1} arrived here ({2}).',
          node.row.path,
          visitorsText(node.row.total),
          rangeLabel(node.report.range),
        );
        item.iconPath = new vscode.ThemeIcon('warning');
        item.contextValue = 'readersWithoutPage';
        return item;
      }
    }
  }

  dispose(): void {
    for (const listener of this.listeners) listener.dispose();
    this.changed.dispose();
  }
}

/** "Mostly AI, over 50%": the group's name as the settings (package.nls.json) name it, and its threshold. */
function mostlyAiLabel(percent: number): string {
  return l10n.t({
    message: '{0}, over {1}%',
    args: [l10n.t('Mostly AI'), count(percent)],
    comment: ['The Mostly AI group of the Pages view: its name, then the share of AI visits above which a page is in it'],
  });
}

/** A page by its title (the path while none is known), the path and its numbers beside it. */
function pageItem(row: PageRow, uri: vscode.Uri | undefined, root: vscode.Uri, range: string, title: string | undefined): vscode.TreeItem {
  const item = new vscode.TreeItem(title ?? row.pagePath);
  const { readers } = row;
  const counts =
    readers.rank === undefined
      ? l10n.t('no visitors')
      : l10n.t('{0} · {1}% AI · #{2}', visitorsText(readers.total), count(aiShare(readers)), count(readers.rank));
  item.description = title ? `${row.pagePath} · ${counts}` : counts;
  item.tooltip = uri ? badgeTooltip({ readers, range }) : l10n.t('{0} is in the navigation but has no file.', row.pagePath);
  if (row.generated) {
    // No file to open: the platform builds this page from the spec.
    item.label = row.generated.title;
    item.description = `${row.pagePath} · ${counts}`;
    item.tooltip = l10n.t(
      '{0} is an API page generated from {1} ({2}).\n{3}',
      row.pagePath,
      row.generated.spec,
      row.generated.title,
      badgeTooltip({ readers, range }),
    );
    item.iconPath = new vscode.ThemeIcon('symbol-method');
    item.contextValue = 'generatedPage';
    const { specFile, line } = row.generated;
    if (specFile !== undefined) item.command = openCommand(root, { kind: 'file', file: specFile, ...(line !== undefined && { line }) });
  } else if (uri) {
    item.resourceUri = uri;
    item.command = { command: 'vscode.open', title: l10n.t('Open Page'), arguments: [uri] };
    item.contextValue = 'page';
  } else {
    item.iconPath = new vscode.ThemeIcon('circle-slash');
    item.contextValue = 'pageWithoutFile';
  }
  return item;
}
