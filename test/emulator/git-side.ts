// The agent's side of git: when a job finishes with a change, the emulator really commits the
// agent's edit to a bare repository, as the platform's agent pushes to the customer's remote:
// onto the job's branch and under `refs/pull/N/head` for a pull request, or straight onto
// `main` for a push-to-branch job. Preview builds read branches back through it. Plumbing
// only (no work tree): a private index file, blobs, a tree, a commit, and the refs moved to it.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  checklistPage,
  reviewedLines,
  reviseReviewed,
  revisedLine,
  spreadCount,
  withAgentLine,
  withSpreadEdits,
  withThreeHunks,
} from './agent-edits';

/** The page a job edits when its prompt names none (paths relative to the repository's root). */
export const defaultEditedPage = 'docs/quickstart.mdx';

/** How a reviewer merges a pull request on the host. */
export type MergeHow = 'merge' | 'squash' | 'rebase';

export interface AgentEdit {
  /** Pages changed, repository-relative. */
  pages: string[];
  /** The line the agent adds to each page (a test looks for it in the diff). */
  line: string;
  commit: string;
}

/** Where the `[broken-link]` marker's extra line points: a page no branch of the fixture has. */
export const BROKEN_LINK_TARGET = '/guides/missing-page';
const BROKEN_LINK_LINE = `See the [old setup guide](${BROKEN_LINK_TARGET}) for the previous steps.`;

/** A branch's tip, as a preview deployment names it. */
export interface BranchCommit {
  sha: string;
  message: string;
  author: string;
}

/** The line an edit adds: names the job, so each job's edit can be told apart. */
export function agentLine(jobId: string, prompt: string): string {
  const first = prompt.split('\n')[0]?.replace(/\s+/g, ' ').trim().slice(0, 80) ?? '';
  return `> Edited by the docs agent (${jobId}): ${first}`;
}

export class GitSide {
  constructor(
    /** A bare repository whose `main` holds the fixture site. */
    readonly remote: string,
  ) {}

  /** Pages of the site that the prompt names (`guides/webhooks.mdx` or `docs/guides/webhooks.mdx`), else the default one. */
  pagesFor(prompt: string, base = 'refs/heads/main'): string[] {
    const files = new Set(this.listFiles(base));
    const named = [...prompt.matchAll(/[\w./-]+\.mdx?\b/g)]
      .map(([path]) => path.replace(/^\.?\//, ''))
      .map((path) => (files.has(path) ? path : files.has(`docs/${path}`) ? `docs/${path}` : undefined))
      .filter((path): path is string => path !== undefined);
    return named.length ? [...new Set(named)] : [defaultEditedPage];
  }

  /**
   * Commits the agent's edit on top of `base` and points `ref` at it: a review's lines revised
   * (agent-edits.ts), `[big-page N]`'s lines spread over the pages the prompt names, else its line
   * added to them.
   */
  commitEdit(ref: string, jobId: string, prompt: string, base = 'refs/heads/main'): AgentEdit {
    const reviewed = reviewedLines(prompt);
    const pages = reviewed.length ? [...new Set(reviewed.map((r) => r.path))] : this.pagesFor(prompt, base);
    const line = reviewed.length ? revisedLine(jobId, reviewed[0]?.remark ?? '') : agentLine(jobId, prompt);
    // `[broken-link]`: the agent also links a page that does not exist, so a preview build fails.
    const added = /\[broken-link\]/i.test(prompt) ? `${line}\n\n${BROKEN_LINK_LINE}` : line;
    const hunks = /\[hunks\]/i.test(prompt);
    const spread = spreadCount(prompt);
    const edited = (before: string, page: string): string => {
      if (reviewed.length) return reviseReviewed(before, page, jobId, reviewed);
      if (spread !== undefined) return withSpreadEdits(before, spread);
      return hunks ? withThreeHunks(before, added, jobId) : withAgentLine(before, added, /\[reword\]/i.test(prompt));
    };
    const temp = mkdtempSync(join(tmpdir(), 'emulator-index-'));
    const env = { GIT_INDEX_FILE: join(temp, 'index') };
    try {
      this.git(['read-tree', base], env);
      for (const page of pages) {
        const before = this.git(['show', `${base}:${page}`]);
        const blob = this.git(['hash-object', '-w', '--stdin'], env, edited(before, page)).trim();
        this.git(['update-index', '--cacheinfo', `100644,${blob},${page}`], env);
      }
      if (hunks) {
        const page = (pages[0] ?? defaultEditedPage).replace(/(\.mdx?)$/, '-checklist$1');
        const blob = this.git(['hash-object', '-w', '--stdin'], env, checklistPage(jobId)).trim();
        this.git(['update-index', '--add', '--cacheinfo', `100644,${blob},${page}`], env);
      }
      const tree = this.git(['write-tree'], env).trim();
      const parent = this.git(['rev-parse', base]).trim();
      const commit = this.git(['commit-tree', tree, '-p', parent, '-m', `Docs agent: ${line}`], env).trim();
      this.git(['update-ref', ref, commit]);
      return { pages, line, commit };
    } finally {
      rmSync(temp, { recursive: true, force: true });
    }
  }

  /** Points `ref` at `commit` too (the agent's branch beside its pull request's head). */
  pointRef(ref: string, commit: string): void {
    this.git(['update-ref', ref, commit]);
  }

  /**
   * Merges a pull request's head into `main` as a reviewer on the host would, at `at` (the
   * committer date): a merge commit, one squashed commit titled "<title> (#N)", or each of its
   * commits replayed on `main` (rebase: author, author date and message kept). Returns main's new tip.
   */
  mergePull(number: number, how: MergeHow, at: Date, title: string): string {
    const head = this.git(['rev-parse', `refs/pull/${number}/head`]).trim();
    const main = this.git(['rev-parse', 'refs/heads/main']).trim();
    const date = { GIT_COMMITTER_DATE: at.toISOString(), GIT_AUTHOR_DATE: at.toISOString() };
    // merge-tree --write-tree: the merged tree without a work tree (git 2.38 and later).
    const mergedTree = (ours: string, theirs: string): string =>
      this.git(['merge-tree', '--write-tree', ours, theirs]).split('\n')[0] ?? '';
    let tip: string;
    if (how === 'merge') {
      const message = `Merge pull request #${number} from acme/pull-${number}`;
      tip = this.git(['commit-tree', mergedTree(main, head), '-p', main, '-p', head, '-m', message], date).trim();
    } else if (how === 'squash') {
      tip = this.git(['commit-tree', mergedTree(main, head), '-p', main, '-m', `${title} (#${number})`], date).trim();
    } else {
      tip = main;
      for (const commit of this.git(['rev-list', '--reverse', `${main}..${head}`])
        .split('\n')
        .filter(Boolean)) {
        const [message = '', authorDate = ''] = this.git(['log', '-1', '--format=%B%x00%aI', commit]).split('\0');
        const env = { GIT_COMMITTER_DATE: at.toISOString(), GIT_AUTHOR_DATE: authorDate.trim() };
        tip = this.git(['commit-tree', mergedTree(tip, commit), '-p', tip, '-m', message.trim()], env).trim();
      }
    }
    this.git(['update-ref', 'refs/heads/main', tip, main]);
    return tip;
  }

  /** Every file of a commit (or ref), repository-relative. */
  listFiles(rev: string): string[] {
    return this.git(['ls-tree', '-r', '--name-only', rev]).split('\n').filter(Boolean);
  }

  /** A file's text at a commit, or undefined when the commit has no such file. */
  readFile(rev: string, path: string): string | undefined {
    try {
      return this.git(['show', `${rev}:${path}`]);
    } catch {
      return undefined;
    }
  }

  /** The tip of `refs/heads/<branch>`, or undefined when there is no such branch (a revision expression is not one). */
  branchCommit(branch: string): BranchCommit | undefined {
    let line: string;
    try {
      line = this.git(['show-ref', '--verify', `refs/heads/${branch}`]);
    } catch {
      return undefined;
    }
    const sha = line.split(' ')[0] ?? '';
    const [message = '', author = ''] = this.git(['log', '-1', '--format=%s%x00%an', sha]).trim().split('\0');
    return { sha, message, author };
  }

  private git(args: string[], env: Record<string, string> = {}, input?: string): string {
    return execFileSync('git', ['--git-dir', this.remote, ...args], {
      encoding: 'utf8',
      input,
      env: {
        ...process.env,
        ...env,
        GIT_AUTHOR_NAME: 'Docs Agent',
        GIT_AUTHOR_EMAIL: 'agent@docs.example',
        GIT_COMMITTER_NAME: 'Docs Agent',
        GIT_COMMITTER_EMAIL: 'agent@docs.example',
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
  }
}
