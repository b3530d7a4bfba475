// A person's view of the real editor: code-server with the extension installed, the emulator
// behind it, and Chromium in front. Helpers act the way a person does: palette, menus, clicks.
import { machineStorageIn } from './machine-storage';
import { keepLogs } from './kept-logs';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, FrameLocator, Locator, Page } from 'playwright-core';
import { EmulatorControl } from '../../emulator/control-client';
import { type RunningEmulator, startEmulator } from '../../emulator/server';
import { launchChromium, newWindowPage } from './browser';
import { testedEditor } from './editor';
import { type CodeServerOptions, copyFixtureWorkspace, e2eVsix, repoRoot, type RunningCodeServer, startCodeServer } from './code-server';

export const screenshotsDir = join(repoRoot, 'media/screenshots');

export interface WorkbenchOptions {
  /** Hand the key to the extension through its environment variable (as the demo does). */
  withKey?: boolean;
  /** Emulator job timing; by default jobs finish only when a test says so. */
  jobMs?: number;
  /** Emulator preview build timing (queued, then building, this long each); by default a few seconds. */
  previewMs?: number;
  /** No project ID in the workspace's settings: a writer who has not connected yet. */
  unconnected?: boolean;
  /** More workspace settings (never secrets). */
  settings?: Record<string, unknown>;
  /** More user settings (never secrets), such as http.proxy. */
  userSettings?: Record<string, unknown>;
  /** Workspace trust on: the folder opens in Restricted Mode until trusted. */
  workspaceTrust?: boolean;
  /** Called with the page before it loads the workbench (to watch its requests, say). */
  onPage?: (page: Page) => void;
  /** Folders copied into the workspace, such as a second docs site. */
  copyIntoWorkspace?: CodeServerOptions['copyIntoWorkspace'];
  /** Run on the workspace folder before the editor opens it. */
  prepareWorkspace?: CodeServerOptions['prepareWorkspace'];
  /**
   * The extension's own waits between checks pass this many times faster (DOCS_AGENT_TEST_PACE):
   * a test that measures a polling pace takes seconds, with the same ratios.
   */
  pace?: number;
  /** The editor's display language, such as `ja` (a stand-in language pack: the editor's own words stay English). */
  locale?: string;
  /** Install this .vsix (an absolute path) as a user would, instead of linking the repo in. */
  vsix?: string;
}

/** A settings file's values; undefined while the editor is part-way through writing it. */
function readSettings(file: string): Record<string, unknown> | undefined {
  if (!existsSync(file)) return {};
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/** Where the extension keeps what every window of this user shares (its global storage). */
export function machineStorage(server: RunningCodeServer): string {
  return machineStorageIn(server.stateDir);
}

export class Workbench {
  private constructor(
    readonly emulator: RunningEmulator,
    readonly control: EmulatorControl,
    readonly server: RunningCodeServer,
    private readonly browser: Browser,
    readonly page: Page,
    /** The workspace folder this window has open. */
    readonly folder: string,
    /** Whether closing this window stops the editor, the browser and the emulator too. */
    private readonly owner = true,
  ) {}

  /**
   * Another window of the same editor: a new browser page on the same code-server, so it shares
   * this user's global storage, secrets and settings. It opens a copy of the fixture site of
   * its own, with the same workspace settings.
   */
  async openWindow(): Promise<Workbench> {
    const parent = join(this.server.stateDir, `window-${Date.now()}`);
    mkdirSync(parent, { recursive: true });
    const settings = JSON.parse(readFileSync(join(this.folder, '.vscode', 'settings.json'), 'utf8')) as Record<string, unknown>;
    const folder = copyFixtureWorkspace(parent, settings, this.server.gitRemote);
    const page = await newWindowPage(this.browser);
    await Workbench.load(page, this.server.url, folder);
    return new Workbench(this.emulator, this.control, this.server, this.browser, page, folder, false);
  }

  /** Developer: Reload Window, which lets the editor save its state (open editors, panels) first. */
  async reloadWindow(): Promise<void> {
    const loaded = this.page.waitForEvent('load');
    await this.runCommand('Developer: Reload Window');
    await loaded;
    await this.restored();
  }

  /** Reloads this window's browser page (as a person pressing F5) and waits for the workbench. */
  async reload(): Promise<void> {
    await this.page.reload();
    await this.restored();
  }

  /**
   * Waits until a reloaded window is built again: the status bar's problems count is the editor's
   * own and shows once it is. On a loaded machine a reload could leave the page half-built, with
   * empty editors and status bar and no extension host (seen in two full runs, on the suites that
   * reload, whatever they tested); a person presses F5 again, and so does this, once.
   */
  private async restored(): Promise<void> {
    const problems = this.page.locator('[id="status.problems"]');
    await this.page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    try {
      await problems.waitFor({ timeout: 60_000 });
    } catch {
      await this.page.reload();
      await problems.waitFor({ timeout: 90_000 });
    }
  }

  private static async load(page: Page, url: string, folder: string): Promise<void> {
    await page.goto(`${url}/?folder=${encodeURIComponent(folder)}`);
    await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    // Restored enough for a person to start: the Explorer lists the workspace.
    await page.locator('.explorer-folders-view .monaco-list-row').first().waitFor({ timeout: 60_000 });
  }

  static async open(options: WorkbenchOptions = {}): Promise<Workbench> {
    // The packaged extension when DOCS_AGENT_E2E_VSIX names one, else the repo folder linked in.
    const vsix = options.vsix ?? e2eVsix();
    const jobMs = options.jobMs ?? 3_600_000;
    const previews = options.previewMs === undefined ? {} : { previewQueuedMs: options.previewMs, previewBuildMs: options.previewMs };
    const emulator = await startEmulator({ port: 0, quiet: true, jobMinMs: jobMs, jobMaxMs: jobMs, ...previews });
    const env: Record<string, string> = {
      ...(options.withKey ? { MINTLIFY_API_KEY: emulator.key } : {}),
      ...(options.pace ? { DOCS_AGENT_TEST_PACE: String(options.pace) } : {}),
    };
    let server: RunningCodeServer | undefined;
    let browser: Browser | undefined;
    try {
      // Not secret: the project id (the workspace's) and the service's address (the user's: a
      // workspace cannot choose where the key goes). The key never goes in a file.
      const workspaceSettings = { ...(options.unconnected ? {} : { 'docsAgent.projectId': emulator.projectId }), ...options.settings };
      const userSettings = { 'docsAgent.baseUrl': emulator.baseUrl, ...options.userSettings };
      const install = vsix ? { installVsix: vsix } : { installExtension: repoRoot };
      server = await startCodeServer({
        workspaceSettings,
        userSettings,
        env,
        ...install,
        ...(options.workspaceTrust ? { workspaceTrust: true } : {}),
        ...(options.locale ? { locale: options.locale } : {}),
        ...(options.copyIntoWorkspace ? { copyIntoWorkspace: options.copyIntoWorkspace } : {}),
        ...(options.prepareWorkspace ? { prepareWorkspace: options.prepareWorkspace } : {}),
      });
      const folder = server.folder;
      // The agent's changes land in the repository the workspace was cloned from.
      emulator.useGitRemote(server.gitRemote);
      browser = await launchChromium();
      const page = await newWindowPage(browser);
      options.onPage?.(page);
      await Workbench.load(page, server.url, folder);
      return new Workbench(emulator, new EmulatorControl(emulator.baseUrl), server, browser, page, folder);
    } catch (error) {
      await browser?.close();
      await server?.stop();
      await emulator.close();
      throw error;
    }
  }

  /**
   * Runs a command from the palette by its title, as a person types it. Types it again while
   * the list does not hold it (for a few seconds after a load the palette answers before every
   * command is known), and opens the palette again when it closed under the typing (a toast or
   * webview taking focus as it opens).
   */
  async runCommand(title: string, timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    const row = this.page.locator('.quick-input-list .monaco-list-row', { hasText: title }).first();
    let input = await this.openPalette();
    for (;;) {
      try {
        await input.fill(`>${title}`, { timeout: 5_000 });
        await row.waitFor({ timeout: 1_000 });
        await input.press('Enter');
        return;
      } catch (error) {
        if (Date.now() > deadline) throw error;
        // The same text typed again asks nothing new: empty the box first. The palette may close
        // meanwhile (a tab opening as the window starts takes the focus): then open it again.
        const emptied =
          (await input.isVisible()) &&
          (await input.fill('', { timeout: 5_000 }).then(
            () => true,
            () => false,
          ));
        if (!emptied) input = await this.openPalette();
      }
    }
  }

  /** Takes keyboard focus back from a webview, whose frame would keep the keystrokes. */
  async focusWorkbench(): Promise<void> {
    // (A string: the suites compile without the DOM's types.)
    await this.page.evaluate('document.activeElement && document.activeElement.blur()');
  }

  /**
   * Opens the command palette. An editor that opens as the window settles (a welcome page, say)
   * takes the focus and closes the palette before it shows: a person presses the keys again, and
   * so does this.
   */
  async openPalette(timeoutMs = 30_000): Promise<Locator> {
    const input = this.page.locator('.quick-input-widget .quick-input-box input');
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      await this.focusWorkbench();
      await this.page.keyboard.press('Control+Shift+P');
      try {
        await input.waitFor({ state: 'visible', timeout: 3_000 });
        return input;
      } catch (error) {
        if (Date.now() > deadline) throw error;
      }
    }
  }

  /** A notification toast with this text, once it shows. */
  async notification(text: string | RegExp, timeout = 30_000): Promise<Locator> {
    const toast = this.page.locator('.notifications-toasts .notification-toast', { hasText: text }).first();
    await toast.waitFor({ timeout });
    return toast;
  }

  /**
   * Presses a notification's button and waits for the toast to close, as the button does. A
   * toast that moved under the click (another toast closing above it) keeps it open; a person
   * clicks again, and so does this.
   */
  async pressNotificationButton(toast: Locator, label: string | RegExp, timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      await toast.locator('.monaco-button', { hasText: label }).click({ timeout: Math.max(1, deadline - Date.now()) });
      try {
        await toast.waitFor({ state: 'hidden', timeout: 3_000 });
        return;
      } catch (error) {
        if (Date.now() > deadline) throw error;
      }
    }
  }

  /**
   * Resolves once no notification toast has appeared for a second. The editor shows at most
   * three new toasts per 800 ms (the rest go to the notification centre only), so a test that
   * expects a toast right after others waits for this first, as a person's pace would.
   */
  async toastsQuiet(): Promise<void> {
    await this.page.evaluate(`new Promise((resolve) => {
      const isToast = (node) => node.nodeType === 1 && node.classList.contains('notification-toast-container');
      const observer = new MutationObserver((records) => {
        if (records.some((r) => [...r.addedNodes].some(isToast))) { clearTimeout(timer); timer = setTimeout(done, 1000); }
      });
      let timer = setTimeout(done, 1000);
      function done() { observer.disconnect(); resolve(undefined); }
      observer.observe(document.body, { childList: true, subtree: true });
    })`);
  }

  /** Opens a file and selects the whole line holding `text`, as a person does with Home, Shift+End. */
  async selectLine(relativePath: string, text: string): Promise<Locator> {
    await this.openFile(relativePath);
    const line = this.page.locator('.monaco-editor .view-line', { hasText: text }).first();
    await this.dismissHovers();
    await line.click();
    await this.page.keyboard.press('Home');
    await this.page.keyboard.press('Shift+End');
    return line;
  }

  /**
   * Closes a hover left open where the mouse last rested (an Explorer row's, say): a click aimed
   * below one lands in it, and the mouse inside keeps it open.
   */
  async dismissHovers(): Promise<void> {
    await this.page.mouse.move(1300, 400);
    await this.page.keyboard.press('Escape');
    await this.page
      .locator('.context-view .hover-contents, .workbench-hover')
      .first()
      .waitFor({ state: 'hidden', timeout: 5_000 })
      .catch(() => undefined);
  }

  /** Opens a file of the workspace through Quick Open. */
  async openFile(relativePath: string): Promise<void> {
    const input = this.page.locator('.quick-input-widget .quick-input-box input');
    const name = relativePath.split('/').pop() ?? relativePath;
    // Wait for the search's answer: the list first shows recently opened files.
    const folder = relativePath.split('/').slice(0, -1).join('/');
    const match = this.page.locator('.quick-input-list .monaco-list-row', { hasText: name }).filter({ hasText: folder }).first();
    const tab = this.page.locator('.tab.active', { hasText: name });
    const opened = (timeout: number): Promise<boolean> =>
      tab.waitFor({ timeout }).then(
        () => true,
        () => false,
      );
    // A click can land while the list redraws with the search's answer and pick nothing (the
    // box stays open on the row): it is clicked again then. The box can also close without
    // opening anything (a busy workbench moving the focus as it settles): a person presses
    // Ctrl+P again, and so does this. Once the file's tab is active, it is open.
    const deadline = Date.now() + 30_000;
    const left = (): number => Math.max(1, deadline - Date.now());
    for (;;) {
      if (!(await input.isVisible())) {
        await this.focusWorkbench();
        await this.page.keyboard.press('Control+P');
        await input.waitFor({ state: 'visible', timeout: left() });
        await input.fill(relativePath);
      }
      await match.click({ timeout: Math.min(5_000, left()) }).catch(() => undefined);
      if (await opened(3_000)) return;
      if (Date.now() > deadline) {
        await tab.waitFor({ timeout: 1 });
        return;
      }
    }
  }

  /**
   * Right-clicks `target` until its context menu shows `item`, and returns that entry. A menu that
   * closes as it opens (the tree redrawing its rows as a job changes) is opened again, as a
   * person would right-click again.
   */
  async openMenu(target: Locator, item: string, timeoutMs = 30_000): Promise<Locator> {
    const deadline = Date.now() + timeoutMs;
    const entry = this.page.locator('.monaco-menu .action-item', { hasText: item }).first();
    for (;;) {
      await target.click({ button: 'right', timeout: Math.max(1, deadline - Date.now()) });
      try {
        await entry.waitFor({ timeout: 5_000 });
        return entry;
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await this.page.keyboard.press('Escape');
      }
    }
  }

  /** Right-clicks `target` and picks `item` from the context menu. */
  async contextMenu(target: Locator, item: string): Promise<void> {
    const entry = await this.openMenu(target, item);
    // Hover then Enter: a click can land while the menu is still settling and be dropped.
    await entry.hover();
    await this.page.keyboard.press('Enter');
    await entry.waitFor({ state: 'hidden' });
  }

  /**
   * Opens the menu behind `opener` (a title-bar submenu, say) and runs its entry `item`. A menu
   * the editor closes as it settles (the diff still laying out) is opened again, as a person would.
   */
  async menuEntry(opener: Locator, item: string, timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    const entry = this.page.locator('.monaco-menu .action-item', { hasText: item }).first();
    for (;;) {
      await opener.click();
      try {
        await entry.hover({ timeout: 5_000 });
        await this.page.keyboard.press('Enter');
        await entry.waitFor({ state: 'hidden' });
        return;
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await this.page.keyboard.press('Escape');
      }
    }
  }

  /** Clicks a button of the modal dialog that shows `text`. */
  async answerDialog(text: string | RegExp, button: string): Promise<string> {
    const dialog = this.page.locator('.monaco-dialog-box', { hasText: text });
    await dialog.waitFor({ timeout: 30_000 });
    const said = await this.text(dialog);
    await dialog.locator('.monaco-button', { hasText: new RegExp(`^${button}$`) }).click();
    return said;
  }

  /**
   * Types into the open input box (or quick pick) and accepts it. `expect` is text the box
   * shows (its title or prompt): the palette's own box, still closing, looks the same.
   */
  async answerInput(value: string, expect?: string): Promise<void> {
    if (expect) await this.page.locator('.quick-input-widget', { hasText: expect }).waitFor();
    const input = this.page.locator('.quick-input-widget .quick-input-box input');
    await input.waitFor({ state: 'visible' });
    await input.fill(value);
    await input.press('Enter');
  }

  /** Shows the Agent Jobs view (the palette's focus command: a second activity-bar click would close it). */
  async openDocsAgentView(): Promise<void> {
    const body = this.viewPane('Agent Jobs').locator('.pane-body');
    // A tab opening meanwhile (the walkthrough's, on a busy machine) can take the command's
    // keyboard: a person who sees no view asks again.
    for (let tries = 1; ; tries++) {
      await this.runCommand('Focus on Agent Jobs View');
      try {
        await body.waitFor({ timeout: 10_000 });
        return;
      } catch (error) {
        if (tries === 3) throw error;
      }
    }
  }

  /** One view of the side bar by its name (the Docs Agent container holds Agent Jobs and Pages). */
  viewPane(name: string): Locator {
    return this.page
      .locator('[id="workbench.parts.sidebar"] .pane')
      .filter({ has: this.page.locator('.pane-header', { hasText: new RegExp(`^${name}`) }) });
  }

  /** The Pages view with the room of the whole side bar: Agent Jobs folded away. */
  async showPagesView(): Promise<void> {
    await this.runCommand('Focus on Pages View');
    const jobsHeader = this.viewPane('Agent Jobs').locator('.pane-header');
    if ((await jobsHeader.getAttribute('aria-expanded')) === 'true') await jobsHeader.click();
    await this.viewPane('Agent Jobs').locator('.pane-header[aria-expanded="false"]').waitFor();
  }

  /** Every row of the Agent Jobs tree. */
  jobRows(): Locator {
    return this.viewPane('Agent Jobs').locator('.monaco-list-row');
  }

  /** The row of the Agent Jobs tree whose label holds `text`. */
  jobRow(text: string): Locator {
    return this.jobRows().filter({ hasText: text }).first();
  }

  /** New Agent Job from the palette, with this prompt typed in and accepted. */
  async newJob(prompt: string): Promise<void> {
    await this.runCommand('Docs Agent: New Agent Job');
    await this.answerInput(prompt, 'New agent job');
  }

  /**
   * Writes `text` in the composer draft whose tab reads `tab` (it takes the focus as it opens,
   * cursor on its first line) and sends it with Ctrl+Enter; returns the draft's tab.
   */
  async composeAndSend(tab: string, text: string): Promise<Locator> {
    const draft = this.page.locator('.tab.active', { hasText: tab });
    // The draft is the active group's open tab, and its editor has the keyboard: what the writer
    // types lands there. (Not its hint line's words: below a long review or a build's error they
    // may be out of view in a narrow group.)
    const activeGroup = this.page.locator('.editor-group-container.active');
    await activeGroup.locator('.tab.active', { hasText: tab }).waitFor();
    await activeGroup.locator('.monaco-editor.focused').waitFor();
    await this.page.keyboard.type(text);
    await this.page.keyboard.press('Control+Enter');
    return draft;
  }

  /**
   * Clears every notification from the palette and waits until no toast is left. A notification
   * that arrives just after the clear (a job finishing on a busy machine) is cleared again.
   */
  async clearNotifications(timeoutMs = 30_000): Promise<void> {
    const toast = this.page.locator('.notifications-toasts .notification-toast').first();
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      await this.runCommand('Notifications: Clear All Notifications');
      try {
        await toast.waitFor({ state: 'detached', timeout: 5_000 });
        return;
      } catch (error) {
        if (Date.now() > deadline) throw error;
      }
    }
  }

  /** The status icon of that row, once it is this codicon (e.g. 'sync', 'error'). */
  jobIcon(text: string, codicon: string): Locator {
    return this.jobRow(text).locator(`.custom-view-tree-node-item-icon.codicon-${codicon}`);
  }

  /**
   * Hovers `target` until the editor's hover holding `text` shows: a pointer that is already
   * there, or a hover still closing, can swallow the first move, so it leaves and comes back.
   */
  async hoverFor(target: Locator, text: string, timeoutMs = 30_000): Promise<Locator> {
    const hover = this.page.locator('.monaco-hover, .workbench-hover').filter({ hasText: text }).first();
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      await this.page.mouse.move(700, 500); // the empty editor area: nothing there hovers
      await target.hover();
      try {
        await hover.waitFor({ timeout: 3_000 });
        return hover;
      } catch (error) {
        if (Date.now() > deadline) throw error;
      }
    }
  }

  /**
   * The text of the hover `hoverFor` shows, read while it shows: a redraw of the row under the
   * pointer can close it, and then it is hovered again.
   */
  async hoverText(target: Locator, text: string, timeoutMs = 30_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const hover = await this.hoverFor(target, text, Math.max(0, deadline - Date.now()));
      const read = await hover.innerText({ timeout: 1_000 }).catch(() => undefined);
      if (read !== undefined) return read.replace(/\u00a0/g, ' ');
      if (Date.now() > deadline) throw new Error(`the hover holding “${text}” closed each time before it was read`);
    }
  }

  /** Drags the side bar's edge so long labels show whole (for screenshots). */
  async widenSideBar(width: number): Promise<void> {
    const sidebar = await this.page.locator('[id="workbench.parts.sidebar"]').boundingBox();
    if (!sidebar) return;
    const edgeX = sidebar.x + sidebar.width + 1;
    const y = sidebar.y + sidebar.height / 2;
    await this.page.mouse.move(edgeX, y);
    await this.page.mouse.down();
    await this.page.mouse.move(sidebar.x + width, y, { steps: 5 });
    await this.page.mouse.up();
  }

  /** The page inside the (first) webview panel: code-server nests it in two frames. */
  webview(): FrameLocator {
    return this.page.locator('iframe.webview.ready').first().contentFrame().locator('#active-frame').contentFrame();
  }

  /** Waits (with a deadline) until the workspace's settings file holds this value. */
  async settingIs(name: string, value: unknown, timeoutMs = 15_000): Promise<void> {
    const file = join(this.server.folder, '.vscode', 'settings.json');
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const settings = readSettings(file);
      if (settings?.[name] === value) return;
      if (Date.now() > deadline) throw new Error(`${name} is ${JSON.stringify(settings?.[name])} in ${file}, not ${JSON.stringify(value)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /**
   * Changes a user setting as a writer does in their settings.json (Preferences: Open User
   * Settings (JSON), written and saved): the file in code-server's state folder, which every
   * window of this editor shares. The editor reads a change it saved at once (one made to the
   * file behind its back it would not notice).
   */
  async setUserSetting(name: string, value: unknown): Promise<void> {
    const file = join(this.server.stateDir, 'user-data', 'User', 'settings.json');
    const settings = { ...readSettings(file), [name]: value };
    await this.runCommand('Preferences: Open User Settings (JSON)');
    // A tab, or an editor over the workbench (VS Code 1.139): its text, with a setting every test run has.
    const opened = this.page.locator('.monaco-editor .view-line', { hasText: '"telemetry.telemetryLevel"' });
    await this.page.locator('.monaco-editor.focused .view-line', { hasText: '"telemetry.telemetryLevel"' }).waitFor();
    await this.page.keyboard.press('Control+A');
    await this.page.keyboard.insertText(JSON.stringify(settings));
    // What the editor closed by itself (a brace, a quote) is after the cursor: gone.
    await this.page.keyboard.press('Shift+Control+End');
    await this.page.keyboard.press('Delete');
    await this.page.keyboard.press('Control+S');
    const deadline = Date.now() + 15_000;
    while (JSON.stringify(readSettings(file)?.[name]) !== JSON.stringify(value)) {
      if (Date.now() > deadline) throw new Error(`${name} is not ${JSON.stringify(value)} in ${file}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await this.runCommand('View: Close Editor');
    await opened.waitFor({ state: 'hidden' });
  }

  /** Trusts the open folder from the editor's Workspace Trust editor, as a writer does, and closes that editor. */
  async trustFolder(): Promise<void> {
    const trust = this.page.locator('.workspace-trust-editor .monaco-button', { hasText: /^Trust/ }).first();
    // Asked again when the editor did not open: a palette used while the workbench still restores can lose it.
    const deadline = Date.now() + 60_000;
    for (;;) {
      await this.runCommand('Workspaces: Manage Workspace Trust');
      try {
        await trust.click({ timeout: 10_000 });
        break;
      } catch (error) {
        if (Date.now() > deadline) throw error;
      }
    }
    await this.page.locator('.statusbar-item', { hasText: 'Restricted Mode' }).waitFor({ state: 'hidden', timeout: 30_000 });
    await this.runCommand('View: Close All Editors');
  }

  /** Visible text with the editor's non-breaking spaces made plain. */
  async text(locator: Locator): Promise<string> {
    return (await locator.innerText()).replace(/\u00a0/g, ' ');
  }

  /** The README's pictures come from the current editor; the floor's go to test-results/floor/. */
  async screenshot(name: string): Promise<string> {
    const dir = testedEditor() === 'floor' ? join(repoRoot, 'test-results', 'floor') : screenshotsDir;
    mkdirSync(dir, { recursive: true });
    const path = join(dir, `${name}.png`);
    await this.page.screenshot({ path });
    return path;
  }

  /** Keeps a picture of the screen when a test fails, to see what the person would have seen. */
  async screenshotFailure(title: string): Promise<void> {
    const dir = join(repoRoot, 'test-results');
    const name = title.replace(/[^\w-]+/g, '-');
    mkdirSync(dir, { recursive: true });
    await this.page.screenshot({ path: join(dir, `${name}.png`) }).catch(() => undefined);
    // And what the editor and the extension logged until then (the state folder goes with the editor).
    keepLogs(this.server.stateDir, join(dir, `${name}-logs`));
  }

  /** Closes this window the way a person does: the workbench shuts down, then the page goes. */
  async closeWindow(): Promise<void> {
    if (this.page.isClosed()) return;
    const closed = new Promise((resolve) => this.page.once('close', resolve));
    await this.page.close({ runBeforeUnload: true }).catch(() => undefined);
    await closed;
  }

  /** Closes the window; the first window also stops the browser, the editor and the emulator. */
  async close(): Promise<void> {
    if (!this.owner) return this.closeWindow();
    await this.browser.close().catch(() => undefined);
    await this.server.stop();
    await this.emulator.close();
  }
}
