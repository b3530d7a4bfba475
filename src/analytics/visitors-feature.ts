// Builds the visitors feature: cache, request ledger, service, panel controller, status bar.
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import { registerVisitorsCommands } from '../commands/visitors-commands';
import { systemClock } from '../jobs/poll-scheduler';
import type { ApiKeyStore } from '../secrets/api-key-store';
import type { ClientProvider } from '../services/client-provider';
import type { ReportFiles } from './report-files';
import { RequestLedger } from './request-ledger';
import { VisitorsCache } from './visitors-cache';
import { VisitorsController } from './visitors-controller';
import { createVisitorsStatusBar } from './visitors-status-bar';
import { VisitorsService } from './visitors-service';

export function createVisitorsFeature(
  context: vscode.ExtensionContext,
  clients: ClientProvider,
  keys: ApiKeyStore,
  log: vscode.LogOutputChannel,
): vscode.Disposable {
  const files = vscodeReportFiles(vscode.Uri.joinPath(context.globalStorageUri, 'visitors'));
  const cache = new VisitorsCache(context.globalState, files, systemClock);
  const ledger = new RequestLedger(context.globalState, systemClock);
  const service = new VisitorsService({ client: (scope) => clients.forBaseUrl(scope.baseUrl), cache, ledger, clock: systemClock });
  const controller = new VisitorsController({ service, ledger, keys, log, extensionUri: context.extensionUri });
  return vscode.Disposable.from(
    controller,
    createVisitorsStatusBar(service, controller, keys),
    ...registerVisitorsCommands(controller),
  );
}

/** Report files in a folder of the extension's global storage, which the editor creates only on demand. */
export function vscodeReportFiles(folder: vscode.Uri): ReportFiles {
  const { fs } = vscode.workspace;
  const uri = (name: string): vscode.Uri => vscode.Uri.joinPath(folder, name);
  let created: Promise<void> | undefined;
  const createFolder = (): Promise<void> => {
    // Once a session; after a failure the next write tries again.
    created ??= Promise.resolve(fs.createDirectory(folder)).catch((error: unknown) => {
      created = undefined;
      throw error;
    });
    return created;
  };
  const isNotFound = (error: unknown): boolean => error instanceof vscode.FileSystemError && error.code === 'FileNotFound';
  return {
    async read(name) {
      try {
        return new TextDecoder().decode(await fs.readFile(uri(name)));
      } catch {
        // Missing or unreadable alike: the cache drops the entry and reads the range again.
        return undefined;
      }
    },
    async write(name, text) {
      await createFolder();
      // Written aside, then renamed over the old file: a window reloading mid-write, or another
      // window reading meanwhile, sees the old report or the new one, never half of one.
      const temp = uri(`${name}.${randomBytes(6).toString('hex')}.tmp`);
      await fs.writeFile(temp, new TextEncoder().encode(text));
      try {
        await fs.rename(temp, uri(name), { overwrite: true });
      } catch (error) {
        await Promise.resolve(fs.delete(temp)).catch(() => undefined);
        throw error;
      }
    },
    async remove(name) {
      try {
        await fs.delete(uri(name));
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    },
  };
}
