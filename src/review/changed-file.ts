// The file a change entry leaves behind: on its own, as the list of shown changes (loaded at
// activation) needs only this of applying a file.
import type * as vscode from 'vscode';
import type { GitChange } from './git-api';

/** The file a change entry leaves behind (its new name when renamed). */
export function changedFileOf(file: GitChange): vscode.Uri {
  return file.renameUri ?? file.uri;
}
