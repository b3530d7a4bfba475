// The Pages view's commands: load the missing report (and what readers said), sort, filter.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { addRedirect } from '../readers/add-redirect';
import { promptForNode } from '../readers/pages-ask';
import type { PagesNode, PagesView } from '../readers/pages-view';
import type { PagesSort } from '../readers/pages-model';
import { commandIds } from '../platform/manifest-ids';
import { isRecord } from '../platform/checks';
import { askText, pickOne } from '../editor/say';
import type { DraftRequest } from './compose-commands';
import type { PagesCommandId } from './later-command-ids';
import type { CommandHandlers } from './on-first-use';

/** A file of the site a row is about, for the project its job goes to (none: the workspace's). */
function siteOf(node: PagesNode): vscode.Uri | undefined {
  switch (node.kind) {
    case 'page':
    case 'unhappy':
      return node.uri ?? node.root;
    case 'path':
    case 'site':
      return node.report.site.root;
    case 'group':
    case 'section':
      return node.children.map(siteOf).find((uri) => uri !== undefined);
    default:
      return undefined;
  }
}

/** The row a command was run on (the view hands its node; the palette nothing). */
function nodeOf(given: unknown): PagesNode | undefined {
  return isRecord(given) && typeof given.kind === 'string' ? (given as unknown as PagesNode) : undefined;
}

export function pagesCommands(
  view: PagesView,
  loadMissing: () => Promise<boolean>,
  loadSignals: () => Promise<boolean>,
): CommandHandlers<PagesCommandId> {
  const sorts: { label: string; sort: PagesSort }[] = [
    { label: l10n.t('Visitors'), sort: 'visitors' },
    { label: l10n.t('Share read by AI'), sort: 'aiShare' },
    { label: l10n.t({ message: 'Name', args: [], comment: ['Sort pages by: their name'] }), sort: 'name' },
  ];
  return {
    [commandIds.loadPagesReport]: loadMissing,
    [commandIds.readReaderSignals]: loadSignals,
    [commandIds.addRedirect]: (given?: unknown) => {
      const node = nodeOf(given);
      return node?.kind === 'path' ? addRedirect(node.report, node.row) : undefined;
    },
    // The prompt names the pages and their numbers, quoting readers line by line: the writer
    // reads and edits it in a draft (an input box would join its lines), then sends it.
    [commandIds.askAgentAboutPages]: async (given?: unknown) => {
      const node = nodeOf(given);
      const suggested = node ? promptForNode(node) : undefined;
      if (!node || !suggested) return undefined;
      const draft: DraftRequest = { about: siteOf(node), title: l10n.t('Ask the Agent about these pages'), text: suggested };
      return vscode.commands.executeCommand(commandIds.askAgent, draft);
    },
    [commandIds.sortPages]: async (given?: unknown) => {
      const chosen = sorts.find((s) => s.sort === given) ?? (await pickOne(sorts, { placeHolder: l10n.t('Sort pages by') }));
      if (chosen) view.setSort(chosen.sort);
    },
    [commandIds.filterPages]: async (given?: unknown) => {
      const filter =
        typeof given === 'string'
          ? given
          : await askText({
              title: l10n.t('Filter pages'),
              prompt: l10n.t('Part of a page path or file name; empty shows every page.'),
              value: view.options.filter,
            });
      if (filter !== undefined) view.setFilter(filter);
    },
  };
}
