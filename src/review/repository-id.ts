// Which repository a remote URL, a job's `source.repository` or a pull request link names, so
// the workspace clone of the job's repository can be found. One repository is written many
// ways: https or ssh, scp-like `git@host:owner/name`, with or without `.git`, in any case.

export interface RepositoryId {
  /** Lower case; undefined when the text names no host (a bare `owner/name` identifier). */
  host: string | undefined;
  /** `owner/name` (GitLab: `group/subgroup/name`), lower case, without `.git`. */
  path: string;
}

function normalPath(path: string): string | undefined {
  const trimmed = path
    .replace(/^\/+|\/+$/g, '')
    .replace(/\.git$/i, '')
    .toLowerCase();
  return /^[^/\s]+(\/[^/\s]+)+$/.test(trimmed) ? trimmed : undefined;
}

function normalHost(host: string): string {
  return host.toLowerCase().replace(/^www\./, '');
}

/** The repository a URL or identifier names, or undefined when it names none. */
export function parseRepositoryId(text: string): RepositoryId | undefined {
  const value = text.trim();
  // scp-like `[user@]host:path`, as git writes ssh remotes; never `scheme://`.
  const scp = /^(?:[^@/\s]+@)?([^:/\s]+):(?!\/\/)(\S+)$/.exec(value);
  if (scp) {
    const path = normalPath(scp[2] ?? '');
    return path && scp[1] ? { host: normalHost(scp[1]), path } : undefined;
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) {
    try {
      const url = new URL(value);
      const path = normalPath(decodeURIComponent(url.pathname));
      return path && url.hostname ? { host: normalHost(url.hostname), path } : undefined;
    } catch {
      return undefined;
    }
  }
  const path = normalPath(value);
  return path ? { host: undefined, path } : undefined;
}

/** Same repository: the same path, on the same host where both name one. */
export function sameRepository(a: RepositoryId, b: RepositoryId): boolean {
  return a.path === b.path && (a.host === undefined || b.host === undefined || a.host === b.host);
}
