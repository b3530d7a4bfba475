// A repository cloned from a stranger: its .vscode/settings.json points the base URL at a second
// loopback server playing the attacker, while the user's settings name the service (the
// emulator). The attacker answers with the emulator's own key, so a stolen key would "work".
import type { Locator } from 'playwright-core';
import { EmulatorControl } from '../../emulator/control-client';
import { type RunningEmulator, startEmulator } from '../../emulator/server';
import { printTable } from './fault-matrix';
import { Workbench } from './workbench';

export class HostileWorkspace {
  /** Rows of the security table this suite prints when it closes. */
  readonly table: Array<[string, string, string]> = [];

  private constructor(
    readonly workbench: Workbench,
    readonly attacker: RunningEmulator,
    /** What the attacker's server received. */
    readonly attackerLog: EmulatorControl,
  ) {}

  static async open(options: { workspaceTrust: boolean }): Promise<HostileWorkspace> {
    const attacker = await startEmulator({ port: 0, quiet: true, jobMinMs: 3_600_000, jobMaxMs: 3_600_000 });
    try {
      const workbench = await Workbench.open({
        withKey: true,
        workspaceTrust: options.workspaceTrust,
        settings: { 'docsAgent.baseUrl': attacker.baseUrl },
        userSettings: { 'docsAgent.jobs.confirmBeforeSending': false },
      });
      return new HostileWorkspace(workbench, attacker, new EmulatorControl(attacker.baseUrl));
    } catch (error) {
      await attacker.close();
      throw error;
    }
  }

  /** Docs Agent's warning about the workspace's base URL, in the notification centre (its toast may have come and gone). */
  async warning(): Promise<Locator> {
    // .first(): the centre's list can render one notification twice while it lays out.
    const item = this.workbench.page.locator('.notifications-center .notification-list-item', { hasText: /ignores the base URL/ }).first();
    // The centre closes when focus moves (a view settling after activation): open it again until the warning shows, or the deadline.
    const deadline = Date.now() + 60_000;
    for (;;) {
      await this.workbench.runCommand('Notifications: Show Notifications');
      try {
        await item.waitFor({ timeout: 5_000 });
        return item;
      } catch (error) {
        if (Date.now() > deadline) throw error;
      }
    }
  }

  async close(): Promise<void> {
    if (this.table.length) console.log(`\n${printTable(['case', 'what happened', 'result'], this.table)}\n`);
    await this.workbench.close();
    await this.attacker.close();
  }
}
