// Figure 7b: how soon after a reload the editor asks Docs Agent to start, on the fixture alone and
// with 100,000 other files beside its docs folder (a monorepo's code). A literal activation path
// is one file check per folder; a glob (`**/docs.json`) makes the editor search the whole tree
// first, so the second figure would grow with the tree. The Explorer is the view on screen, so
// only the workspace's files ask (the Agent Jobs view, shown, would ask on its own).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually } from '../support/eventually';
import { Workbench } from '../support/workbench/workbench';
import { median } from './stats';
import { askedToStartAt, firstEagerStartAt, settledReload } from './startup-log';

interface Reloads {
  reloadToWorkbenchMs: number;
  reloadToAskedMs: number;
  afterEditorsOwnMs: number;
}

export interface AskedEarlyFigures {
  files: number;
  /**
   * Reload -> the workbench's frame / -> the editor asked Docs Agent to start; and how long after
   * the editor's own first start of an extension that starts with every window (git) it asked.
   * Medians of 5.
   */
  fixture: Reloads;
  withOtherFiles: Reloads;
}

const otherFiles = 100_000;

/** 100,000 small source files in 100 folders, written once per machine (kept in the temp folder). */
function otherTree(): string {
  const root = join(tmpdir(), `docs-agent-bench-${otherFiles}-files`);
  const done = join(root, '.complete');
  if (existsSync(done)) return join(root, 'app');
  for (let folder = 0; folder < 100; folder += 1) {
    const dir = join(root, 'app', 'src', `module-${folder}`);
    mkdirSync(dir, { recursive: true });
    for (let file = 0; file < otherFiles / 100; file += 1)
      writeFileSync(join(dir, `part-${file}.ts`), `export const part${file} = ${file};\n`);
  }
  writeFileSync(done, '');
  return join(root, 'app');
}

async function reloads(withOther: boolean): Promise<Reloads> {
  // Committed, as a monorepo's code is: untracked, git's status of 100,000 files would keep the
  // extension host busy after every reload, which is not what this figure is about.
  const commit = (folder: string): void => {
    execFileSync('git', ['add', '-A', 'app'], { cwd: folder });
    execFileSync('git', ['-c', 'user.name=bench', '-c', 'user.email=bench@example.invalid', 'commit', '-qm', 'The app beside the docs'], {
      cwd: folder,
    });
  };
  const workbench = await Workbench.open(
    withOther ? { copyIntoWorkspace: [{ from: otherTree(), to: 'app' }], prepareWorkspace: commit } : {},
  );
  try {
    await workbench.runCommand('View: Show Explorer');
    const toWorkbench: number[] = [];
    const toAsked: number[] = [];
    const afterOwn: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const { started, toWorkbenchMs } = await settledReload(workbench);
      toWorkbench.push(toWorkbenchMs);
      let asked = NaN;
      await eventually(
        () => !Number.isNaN((asked = askedToStartAt(workbench.server.stateDir, started))),
        'the editor asking Docs Agent to start',
        60_000,
        100,
      );
      toAsked.push(asked - started);
      afterOwn.push(asked - firstEagerStartAt(workbench.server.stateDir, started));
    }
    return { reloadToWorkbenchMs: median(toWorkbench), reloadToAskedMs: median(toAsked), afterEditorsOwnMs: median(afterOwn) };
  } finally {
    await workbench.close();
  }
}

export async function askedEarlyBench(): Promise<AskedEarlyFigures> {
  return { files: otherFiles, fixture: await reloads(false), withOtherFiles: await reloads(true) };
}
