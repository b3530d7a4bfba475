// Commands whose code a window loads only when a writer first runs one of them: activation
// registers their ids (so menus, keys and the palette work at once) and nothing else.
import * as vscode from 'vscode';
import { loadOnce } from '../platform/load-once';

export type CommandHandler = (...args: unknown[]) => unknown;

/** The handlers of a group of commands, one per id of the group and no other. */
export type CommandHandlers<Id extends string> = Record<Id, CommandHandler>;

export function registerOnFirstUse<Id extends string>(ids: readonly Id[], load: () => Promise<CommandHandlers<Id>>): vscode.Disposable[] {
  const handlers = loadOnce(load);
  return ids.map((id) => vscode.commands.registerCommand(id, async (...args: unknown[]) => (await handlers())[id](...args)));
}
