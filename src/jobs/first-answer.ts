// The Agent Jobs view's first answer waits until the job store has been read: a window with jobs
// opens on its rows, instead of the "no jobs yet" welcome and a second redraw once the files are
// read. Before that first answer the view hears of no change (it has nothing drawn to redraw, and
// each note is one more message for a workbench busy starting). Later answers come at once.
import type * as vscode from 'vscode';

type Provider<T> = Pick<vscode.TreeDataProvider<T>, 'getTreeItem'> & {
  readonly onDidChangeTreeData: vscode.Event<void>;
  getChildren(item?: T): T[];
};

/** When the workbench asks for the top-level rows, and when they go (after `read` settles). */
export interface FirstAnswerNotes {
  asked(): void;
  answered(): void;
}

/** `provider` as the view sees it: its first top-level answer after `read` settles; each request and answer noted. */
export function answeringOnceRead<T>(provider: Provider<T>, read: Promise<unknown>, notes: FirstAnswerNotes): vscode.TreeDataProvider<T> {
  let isRead = false;
  let hasAnswered = false;
  const settled = read.then(
    () => (isRead = true),
    () => (isRead = true),
  );
  const answer = (rows: T[]): T[] => {
    hasAnswered = true;
    notes.answered();
    return rows;
  };
  const onDidChangeTreeData: vscode.Event<void> = (listener, thisArgs, disposables) =>
    provider.onDidChangeTreeData(
      () => {
        if (hasAnswered) listener.call(thisArgs);
      },
      undefined,
      disposables,
    );
  return {
    onDidChangeTreeData,
    getTreeItem: (item) => provider.getTreeItem(item),
    getChildren: (item) => {
      if (item !== undefined) return provider.getChildren(item);
      notes.asked();
      return isRead ? answer(provider.getChildren()) : settled.then(() => answer(provider.getChildren()));
    },
  };
}
