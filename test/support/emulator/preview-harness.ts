// The emulator for preview tests: its git side on a real bare repository of the fixture site,
// and a preview schedule long enough never to move on its own during a test (tests `advance`).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type EmulatorHarness, useEmulator } from './emulator-harness';
import { createFixtureRemote } from './fixture-repository';
import { fixtureSite } from '../workbench/code-server';

export const PREVIEW_QUEUED_MS = 60_000;
export const PREVIEW_BUILD_MS = 120_000;

/** Registers the hooks in the calling `describe`; the repository is removed after the suite. */
export function usePreviewEmulator(): EmulatorHarness {
  const parent = mkdtempSync(join(tmpdir(), 'emulator-previews-'));
  const remote = createFixtureRemote(parent, fixtureSite);
  const h = useEmulator({ gitRemote: remote, previewQueuedMs: PREVIEW_QUEUED_MS, previewBuildMs: PREVIEW_BUILD_MS });
  after(() => rmSync(parent, { recursive: true, force: true }));
  return h;
}
