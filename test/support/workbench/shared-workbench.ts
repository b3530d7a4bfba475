// One workbench for several suite files run in one mocha process (test-all.mjs groups them): each
// suite asks for it with the same options, the first opens it, and it closes after the last
// suite. Opening and closing one costs about 18 s of the run's CPU, which a shared one pays once.
// Suites that share it find each other's jobs and previews, so each reads only its own rows.
import { Workbench, type WorkbenchOptions } from './workbench';

let opened: { options: string; workbench: Promise<Workbench> } | undefined;

export function sharedWorkbench(options: WorkbenchOptions): Promise<Workbench> {
  const asked = JSON.stringify(options);
  if (opened && opened.options !== asked)
    throw new Error(`suites sharing a workbench ask for different options: ${opened.options} and ${asked}`);
  opened ??= { options: asked, workbench: Workbench.open(options) };
  return opened.workbench;
}

// A root hook (this module loads with the first suite file): after every suite of the process.
after(async () => {
  const workbench = await opened?.workbench.catch(() => undefined);
  await workbench?.close();
});

/** The options of the suites that preview jobs' changes: builds end only when a test says so. */
export const previewSuiteOptions: WorkbenchOptions = {
  withKey: true,
  previewMs: 3_600_000,
  userSettings: { 'docsAgent.jobs.confirmBeforeSending': false },
};
