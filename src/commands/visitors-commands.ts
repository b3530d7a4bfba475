// Show Visitors for This Page: palette, editor title and Explorer menus on docs files.
import * as vscode from 'vscode';
import type { VisitorsController } from '../analytics/visitors-controller';
import { commandIds, visitorsViewType } from '../platform/manifest-ids';

export function registerVisitorsCommands(controller: VisitorsController): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(commandIds.showVisitors, (uri?: vscode.Uri) =>
      controller.show(uri instanceof vscode.Uri ? uri : undefined),
    ),
    // Brings the panel back after a reload, where the user left it.
    vscode.window.registerWebviewPanelSerializer(visitorsViewType, {
      deserializeWebviewPanel: (panel) => {
        controller.revive(panel);
        return Promise.resolve();
      },
    }),
  ];
}
