// The Pages view's commands: load the missing report, sort, filter.
import * as vscode from 'vscode';
import type { PagesView } from '../analytics/pages-view';
import type { PagesSort } from '../analytics/pages-model';
import { commandIds } from '../platform/manifest-ids';

export function registerPagesCommands(view: PagesView, loadMissing: () => Promise<boolean>): vscode.Disposable[] {
  const sorts: { label: string; sort: PagesSort }[] = [
    { label: 'Visitors', sort: 'visitors' },
    { label: 'AI share', sort: 'aiShare' },
    { label: 'Name', sort: 'name' },
  ];
  return [
    vscode.commands.registerCommand(commandIds.loadPagesReport, loadMissing),
    vscode.commands.registerCommand(commandIds.sortPages, async (given?: unknown) => {
      const chosen = sorts.find((s) => s.sort === given) ?? (await vscode.window.showQuickPick(sorts, { placeHolder: 'Sort pages by' }));
      if (chosen) view.setSort(chosen.sort);
    }),
    vscode.commands.registerCommand(commandIds.filterPages, async (given?: unknown) => {
      const filter =
        typeof given === 'string'
          ? given
          : await vscode.window.showInputBox({
              title: 'Filter pages',
              prompt: 'Part of a page path or file name; empty shows every page.',
              value: view.options.filter,
            });
      if (filter !== undefined) view.setFilter(filter);
    }),
  ];
}
