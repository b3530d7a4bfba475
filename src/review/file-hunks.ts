// The hunks of one file between two commits, from git's own diff of the file's two versions
// (through the Git extension's API). No vscode import (types only): unit tests run it on real
// repositories.
import { join } from 'node:path';
import type { GitRepository } from './git-api';
import { parseHunks, wholeFileHunk, type Hunk } from './hunks';

export type HunkReader = Pick<GitRepository, 'rootUri' | 'show' | 'diffBlobs'>;

/** The file at `commit`, or undefined when it is not there. */
export async function fileAt(
  repository: Pick<GitRepository, 'rootUri' | 'show'>,
  commit: string,
  path: string,
): Promise<string | undefined> {
  try {
    return await repository.show(commit, join(repository.rootUri.fsPath, path));
  } catch {
    return undefined;
  }
}

/**
 * The hunks that turn `path` at commit `from` into `path` at commit `to`: git's diff of the two
 * versions (exactly these two, whatever lies between them); one hunk for the whole file when it
 * is only on one side, none when it is on neither or reads the same.
 */
export async function fileHunks(repository: HunkReader, from: string, to: string, path: string): Promise<Hunk[]> {
  const [before, after] = await Promise.all([fileAt(repository, from, path), fileAt(repository, to, path)]);
  if (before === after) return [];
  if (before === undefined || after === undefined) return [wholeFileHunk(before, after)];
  // A blob's name is its commit and path from the repository's root, with forward slashes.
  const object = (commit: string): string => `${commit}:${path.replace(/\\/g, '/')}`;
  const hunks = parseHunks(await repository.diffBlobs(object(from), object(to)));
  // No hunk read from two versions that differ (a diff.external setting, a file git takes for
  // binary): the whole file counts as changed.
  return hunks.length ? hunks : [wholeFileHunk(before, after)];
}
