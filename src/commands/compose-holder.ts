// What activation keeps of the composer: the drafts' file system (the editor reads a restored
// draft's tab through it), the compose commands' ids, and a watch for a draft's tab. The composer
// loads the first time a draft opens (or is open as the window starts) or a compose command runs;
// then it also prunes the drafts untouched for a month.
import * as vscode from 'vscode';
import { draftOf, draftScheme, draftTabs } from '../compose/draft-tabs';
import { LazyFileSystem } from '../editor/lazy-file-system';
import { LazyPart } from '../platform/lazy-part';
import type { StoragePaths } from '../platform/storage-layout';
import type { AfterFollowUp } from './compose-commands';
import type { CommandDeps } from './deps';
import { composeCommandIds } from './later-command-ids';
import { registerOnFirstUse } from './on-first-use';

/** The composer and its commands; `release` lets the other windows edit this one's drafts at once when it goes. */
export function registerComposeCommands(
  deps: CommandDeps,
  storage: Pick<StoragePaths, 'drafts' | 'draftHolds'>,
  afterFollowUp: AfterFollowUp,
): { disposables: vscode.Disposable[]; release: () => Promise<void> } {
  const compose = new LazyPart(async () => (await import('./compose-commands')).loadedCompose(deps, storage, afterFollowUp));
  const files = new LazyFileSystem(async () => (await compose.get()).files);
  let released: Promise<void> | undefined;
  // Nothing to let go of when no draft was opened here.
  const release = (): Promise<void> => (released ??= compose.loaded?.release() ?? Promise.resolve());
  // A draft restored with the window is held for it at once, as it was when the composer loaded at activation.
  if (draftTabs().length) void compose.get();
  const disposables = [
    new vscode.Disposable(() => void release()),
    compose,
    vscode.workspace.registerFileSystemProvider(draftScheme, files),
    files,
    vscode.window.tabGroups.onDidChangeTabs((event) => event.opened.some((tab) => draftOf(tab).length) && void compose.get()),
    ...registerOnFirstUse(composeCommandIds, async () => (await compose.get()).commands),
  ];
  return { disposables, release };
}
