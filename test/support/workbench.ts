// A person's view of the real editor: code-server with the extension installed, the emulator
// behind it, and Chromium in front. Helpers act the way a person does: palette, menus, clicks.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { EmulatorControl } from '../emulator/control-client';
import { type RunningEmulator, startEmulator } from '../emulator/server';
import { launchChromium } from './browser';
import { repoRoot, type RunningCodeServer, startCodeServer } from './code-server';

export const screenshotsDir = join(repoRoot, 'media/screenshots');

export interface WorkbenchOptions {
  /** Hand the key to the extension through its environment variable (as the demo does). */
  withKey?: boolean;
  /** Emulator job timing; by default jobs finish only when a test says so. */
  jobMs?: number;
}

export class Workbench {
  private constructor(
    readonly emulator: RunningEmulator,
    readonly control: EmulatorControl,
    readonly server: RunningCodeServer,
    private readonly browser: Browser,
    readonly page: Page,
  ) {}

  static async open(options: WorkbenchOptions = {}): Promise<Workbench> {
    const jobMs = options.jobMs ?? 3_600_000;
    const emulator = await startEmulator({ port: 0, quiet: true, jobMinMs: jobMs, jobMaxMs: jobMs });
    const env: Record<string, string> = options.withKey ? { MINTLIFY_API_KEY: emulator.key } : {};
    let server: RunningCodeServer | undefined;
    let browser: Browser | undefined;
    try {
      // Not secret: the service's address and the project id. The key never goes in a file.
      const workspaceSettings = { 'docsAgent.baseUrl': emulator.baseUrl, 'docsAgent.projectId': emulator.projectId };
      server = await startCodeServer({ workspaceSettings, env, installExtension: repoRoot });
      const folder = server.folder;
      browser = await launchChromium();
      const page = await browser.newPage({ viewport: { width: 1400, height: 860 } });
      await page.goto(`${server.url}/?folder=${encodeURIComponent(folder)}`);
      await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
      // Restored enough for a person to start: the Explorer lists the workspace.
      await page.locator('.explorer-folders-view .monaco-list-row').first().waitFor({ timeout: 60_000 });
      return new Workbench(emulator, new EmulatorControl(emulator.baseUrl), server, browser, page);
    } catch (error) {
      await browser?.close();
      await server?.stop();
      await emulator.close();
      throw error;
    }
  }

  /**
   * Runs a command from the palette by its title, as a person types it. Tries again while the
   * workbench is still starting (early keystrokes can land before the palette is ready).
   */
  async runCommand(title: string, timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    const row = this.page.locator('.quick-input-list .monaco-list-row', { hasText: title }).first();
    for (;;) {
      const input = await this.openPalette();
      await input.fill(`>${title}`);
      try {
        await row.waitFor({ timeout: 5_000 });
        await input.press('Enter');
        return;
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await this.page.keyboard.press('Escape');
      }
    }
  }

  async openPalette(): Promise<Locator> {
    const input = this.page.locator('.quick-input-widget input');
    await this.page.keyboard.press('Control+Shift+P');
    await input.waitFor({ state: 'visible' });
    return input;
  }

  /** A notification toast with this text, once it shows. */
  async notification(text: string | RegExp, timeout = 30_000): Promise<Locator> {
    const toast = this.page.locator('.notifications-toasts .notification-toast', { hasText: text }).first();
    await toast.waitFor({ timeout });
    return toast;
  }

  /** Opens a file of the workspace through Quick Open. */
  async openFile(relativePath: string): Promise<void> {
    await this.page.keyboard.press('Control+P');
    const input = this.page.locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible' });
    await input.fill(relativePath);
    await this.page.locator('.quick-input-list .monaco-list-row').first().waitFor();
    await input.press('Enter');
    const name = relativePath.split('/').pop() ?? relativePath;
    await this.page.locator('.tab.active', { hasText: name }).waitFor();
  }

  /** Visible text with the editor's non-breaking spaces made plain. */
  async text(locator: Locator): Promise<string> {
    return (await locator.innerText()).replace(/\u00a0/g, ' ');
  }

  async screenshot(name: string): Promise<string> {
    mkdirSync(screenshotsDir, { recursive: true });
    const path = join(screenshotsDir, `${name}.png`);
    await this.page.screenshot({ path });
    return path;
  }

  /** Keeps a picture of the screen when a test fails, to see what the person would have seen. */
  async screenshotFailure(title: string): Promise<void> {
    const dir = join(repoRoot, 'test-results');
    mkdirSync(dir, { recursive: true });
    await this.page.screenshot({ path: join(dir, `${title.replace(/[^\w-]+/g, '-')}.png`) }).catch(() => undefined);
  }

  async close(): Promise<void> {
    await this.browser.close().catch(() => undefined);
    await this.server.stop();
    await this.emulator.close();
  }
}
