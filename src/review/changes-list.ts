// Review without the multi-file diff editor: a list of the changed files, docs pages first.
// Picking a file opens its own diff (the file at the base against the agent's version, read from
// git) and keeps the list open, so a writer steps through the change file by file. Each file has
// an Apply File button and the list ends with Check Out, as the multi-file diff's title bar has.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { changeKind } from './apply-file';
import { changedFileOf } from './changed-file';
import { changeStatus, type GitApi, type GitChange } from './git-api';
import type { JobChange } from './job-change';
import { inertPickItem } from '../editor/say';
import { withoutIcons } from '../platform/inert-text';
import { checkOutDescription } from './change-counts-text';

export interface ChangesListActions {
  applyFile(file: GitChange): Promise<unknown>;
  checkOut(): Promise<unknown>;
}

interface FileItem extends vscode.QuickPickItem {
  file?: GitChange;
}

function applyButton(): vscode.QuickInputButton {
  return { iconPath: new vscode.ThemeIcon('check'), tooltip: l10n.t('Apply File from Job’s Change') };
}

/**
 * One file's diff: an added file against nothing, a deleted one against nothing (git reads a
 * missing file as empty). With `selection` (lines of the agent's side) it opens there, focused.
 */
export async function showFileDiff(
  api: Pick<GitApi, 'toGitUri'>,
  change: JobChange,
  file: GitChange,
  title: string,
  selection?: vscode.Range,
): Promise<void> {
  const after = changedFileOf(file);
  const before = api.toGitUri(file.status === changeStatus.added ? after : file.originalUri, change.base);
  await vscode.commands.executeCommand('vscode.diff', before, api.toGitUri(after, change.head), title, {
    preview: true,
    preserveFocus: !selection,
    ...(selection ? { selection } : {}),
  });
}

/** One file's diff's title: the file's path, then the whole change's title. */
export function fileDiffTitle(path: string, title: string): string {
  return l10n.t({
    message: '{0} — {1}',
    args: [path, title],
    comment: ['Title of one file’s diff: the file’s path, then the title of the whole change'],
  });
}

/** Shows the list and returns at once; the list stays until the writer closes it or acts. */
export function showChangesList(
  api: Pick<GitApi, 'toGitUri'>,
  change: JobChange,
  title: string,
  relative: (uri: vscode.Uri) => string,
  actions: ChangesListActions,
): void {
  const pick = vscode.window.createQuickPick<FileItem>();
  // A file's name comes from the agent's commit: shown as written, never as an icon.
  const apply = applyButton();
  const files: FileItem[] = change.changes.map((file) =>
    inertPickItem({ label: relative(changedFileOf(file)), description: changeKind(file, relative), buttons: [apply], file }),
  );
  pick.title = withoutIcons(title);
  pick.placeholder = l10n.t('Pick a file to see the agent’s change to it (the list stays open; Escape closes it)');
  pick.matchOnDescription = true;
  pick.ignoreFocusOut = true;
  pick.items = [
    ...files,
    { label: '', kind: vscode.QuickPickItemKind.Separator },
    { label: `$(git-branch) ${l10n.t('Edit Job’s Change Locally')}`, description: checkOutDescription(change.changes.length) },
  ];
  const act = (run: () => Promise<unknown>): void => {
    pick.hide();
    void run();
  };
  const listeners = [
    pick.onDidAccept(() => {
      const [item] = pick.selectedItems;
      if (!item) return;
      if (item.file) {
        void showFileDiff(api, change, item.file, fileDiffTitle(relative(changedFileOf(item.file)), title));
      } else act(() => actions.checkOut());
    }),
    pick.onDidTriggerItemButton(({ item }) => {
      const { file } = item;
      if (file) act(() => actions.applyFile(file));
    }),
    pick.onDidHide(() => {
      for (const listener of listeners) listener.dispose();
      pick.dispose();
    }),
  ];
  pick.show();
}
