// What this editor offers of the APIs newer than the floor that engines.vscode names (1.99), found
// out at run time: editors built on an older VS Code (or trimmed ones) may lack an API the types
// promise. A missing one switches its feature to a fallback; it never stops activation.
import * as vscode from 'vscode';

/** The multi-file diff editor's command (VS Code's; absent from editors that never had the editor). */
export const multiFileDiffCommand = 'vscode.changes';

/** Whether chat's language model tools can be registered here. */
export function hasLanguageModelTools(): boolean {
  // `vscode.lm` is typed as always there; an editor without chat may still lack it.
  const lm = (vscode as Partial<typeof vscode>).lm;
  return typeof lm?.registerTool === 'function';
}

/** Whether the multi-file diff editor is here to show a change in. */
export async function hasMultiFileDiff(): Promise<boolean> {
  return (await vscode.commands.getCommands(true)).includes(multiFileDiffCommand);
}
