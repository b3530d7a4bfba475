// Show Visitors for This Page: palette, editor title and Explorer menus on docs files.
import * as vscode from 'vscode';
import type { LazyVisitorsController } from '../visitors/lazy-visitors-controller';
import { isRecord } from '../platform/checks';
import { commandIds, visitorsViewType } from '../platform/manifest-ids';

export function registerVisitorsCommands(controller: Pick<LazyVisitorsController, 'show' | 'revive'>): vscode.Disposable[] {
  return [
    // From an editor or the Explorer the argument is the file; from the Pages view, its page node.
    vscode.commands.registerCommand(commandIds.showVisitors, (arg?: unknown) => {
      const uri = arg instanceof vscode.Uri ? arg : isRecord(arg) && arg.uri instanceof vscode.Uri ? arg.uri : undefined;
      return controller.show(uri);
    }),
    // Brings the panel back after a reload, where the user left it.
    vscode.window.registerWebviewPanelSerializer(visitorsViewType, {
      deserializeWebviewPanel: (panel) => controller.revive(panel),
    }),
  ];
}
