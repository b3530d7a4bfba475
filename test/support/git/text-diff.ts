// git's own diff of two texts, for unit tests about hunks that need no repository: the texts go
// into files of a new folder and `git diff --no-index` compares them.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testGitEnv } from './run-git';

/** `git diff --no-index -U<context>` of `before` and `after` (files named so), with `-c` settings; '' when they read the same. */
export function gitDiffOfTexts(before: string, after: string, context = 0, config: readonly string[] = []): string {
  const folder = mkdtempSync(join(tmpdir(), 'text-diff-'));
  try {
    writeFileSync(join(folder, 'before'), before);
    writeFileSync(join(folder, 'after'), after);
    const args = [...config.flatMap((c) => ['-c', c]), 'diff', '--no-index', `-U${context}`, 'before', 'after'];
    const run = spawnSync('git', args, { cwd: folder, encoding: 'utf8', env: testGitEnv });
    // --no-index exits 1 when the files differ.
    if (run.status !== 0 && run.status !== 1) throw new Error(`git diff failed: ${run.stderr}`);
    return run.stdout;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
