// Where drafts are and which tabs show them: on their own, as activation registers the drafts'
// file system and watches for a draft's tab without loading the composer.
import * as vscode from 'vscode';

/** The scheme of the composer's drafts (package.json's onFileSystem activation event names it). */
export const draftScheme = 'docs-agent-compose';

/** The draft a tab shows, if it shows one. */
export function draftOf(tab: vscode.Tab): vscode.Uri[] {
  return tab.input instanceof vscode.TabInputText && tab.input.uri.scheme === draftScheme ? [tab.input.uri] : [];
}

/** The drafts this window's tabs show. */
export function draftTabs(): vscode.Uri[] {
  return vscode.window.tabGroups.all.flatMap((group) => group.tabs.flatMap(draftOf));
}
