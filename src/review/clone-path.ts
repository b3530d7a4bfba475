// A path inside a clone as the writer reads it, in messages and pickers. Pure.
import type { GitRepository } from './git-api';

/** Relative to the clone's root; a path outside it stays whole. */
export function inClone(repository: Pick<GitRepository, 'rootUri'>, fsPath: string): string {
  const root = repository.rootUri.fsPath.replace(/[\\/]+$/, '');
  return fsPath.startsWith(`${root}/`) || fsPath.startsWith(`${root}\\`) ? fsPath.slice(root.length + 1) : fsPath;
}
