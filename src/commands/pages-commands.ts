// The Pages view's commands: load the missing report (and what readers said), sort, filter.
import * as vscode from 'vscode';
import { addRedirect } from '../readers/add-redirect';
import { promptForNode } from '../readers/pages-ask';
import type { PagesNode, PagesView } from '../readers/pages-view';
import type { PagesSort } from '../readers/pages-model';
import { commandIds } from '../platform/manifest-ids';
import { askText, pickOne } from '../editor/say';

export function registerPagesCommands(
  view: PagesView,
  loadMissing: () => Promise<boolean>,
  loadSignals: () => Promise<boolean>,
): vscode.Disposable[] {
  const sorts: { label: string; sort: PagesSort }[] = [
    { label: 'Visitors', sort: 'visitors' },
    { label: 'AI share', sort: 'aiShare' },
    { label: 'Name', sort: 'name' },
  ];
  return [
    vscode.commands.registerCommand(commandIds.loadPagesReport, loadMissing),
    vscode.commands.registerCommand(commandIds.readReaderSignals, loadSignals),
    vscode.commands.registerCommand(commandIds.addRedirect, (node?: PagesNode) =>
      node?.kind === 'path' ? addRedirect(node.report, node.row) : undefined,
    ),
    // The prompt names the pages and their numbers; the writer edits it before it goes.
    vscode.commands.registerCommand(commandIds.askAgentAboutPages, async (node?: PagesNode) => {
      const suggested = node ? promptForNode(node) : undefined;
      if (!suggested) return undefined;
      const prompt = await askText({
        title: 'Ask the agent',
        prompt: 'The prompt quotes the numbers and what readers said: edit it, then Enter sends it as a new agent job.',
        // An input box drops line breaks without a space: the lines are joined by one instead.
        value: suggested
          .split('\n')
          .map((line) => line.trim())
          .filter(Boolean)
          .join(' '),
      });
      return prompt?.trim() ? vscode.commands.executeCommand(commandIds.newJob, prompt) : undefined;
    }),
    vscode.commands.registerCommand(commandIds.sortPages, async (given?: unknown) => {
      const chosen = sorts.find((s) => s.sort === given) ?? (await pickOne(sorts, { placeHolder: 'Sort pages by' }));
      if (chosen) view.setSort(chosen.sort);
    }),
    vscode.commands.registerCommand(commandIds.filterPages, async (given?: unknown) => {
      const filter =
        typeof given === 'string'
          ? given
          : await askText({
              title: 'Filter pages',
              prompt: 'Part of a page path or file name; empty shows every page.',
              value: view.options.filter,
            });
      if (filter !== undefined) view.setFilter(filter);
    }),
  ];
}
