// Apply File writes with the editor, which follows symbolic links: a page that is a link in the
// working tree (git checks a committed link out as a link), or a file under a linked folder,
// would get the agent's text wherever the link points, outside the repository too. git itself
// never writes through a link; Apply File refuses the same paths. No vscode: plain Node tests run
// it on real clones.
import { lstat, realpath } from 'node:fs/promises';
import * as path from 'node:path';
import * as l10n from '@vscode/l10n';

/** `file` itself when it exists, else the deepest folder above it that does (where it would be created). */
async function deepestExisting(file: string): Promise<string> {
  for (let at = file; ; at = path.dirname(at)) {
    if ((await lstat(at).catch(() => undefined)) || path.dirname(at) === at) return at;
  }
}

/**
 * Why `file` (absolute) may not be written in the working tree at `root`, or undefined when it
 * may: from what exists of it up to the root, no part is a link, and the root is reached. The
 * root itself may be reached through a link (a clone under a linked folder), so it is compared
 * by its real path. `name` is how the writer reads the file.
 */
export async function linkRefusal(root: string, file: string, name: string): Promise<string | undefined> {
  const realRoot = await realpath(root);
  for (let at = await deepestExisting(path.resolve(file)); ; at = path.dirname(at)) {
    if ((await realpath(at).catch(() => undefined)) === realRoot) return undefined; // a dangling link has no real path
    if ((await lstat(at)).isSymbolicLink()) {
      return l10n.t(
        '{0} is reached through a symbolic link in your working tree, so Apply File did not write through it; copy the agent’s version from the diff instead.',
        name,
      );
    }
    if (path.dirname(at) === at) return l10n.t('{0} is outside the repository, so Apply File did not write it.', name);
  }
}
