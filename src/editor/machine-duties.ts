// A window in Restricted Mode works for nobody but itself: it never holds the machine's polling
// lease (jobs and previews) nor takes the day's pruning, so the trusted windows never wait on a
// window that checks nothing. It says so in its own views only.
import * as vscode from 'vscode';

/** Whether this window may do the machine's shared work now. */
export function mayWorkForMachine(): boolean {
  return vscode.workspace.isTrusted;
}

/** This window may now do the machine's shared work (its folder was just trusted). */
export const onDidAllowMachineWork: vscode.Event<void> = vscode.workspace.onDidGrantWorkspaceTrust;
