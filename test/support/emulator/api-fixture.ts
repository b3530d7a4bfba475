// Starts the real emulator on loopback for a suite and builds clients that talk to it.
import { type ClientOptions, DocsApiClient } from '../../../src/api/client';
import type { ProjectScope } from '../../../src/api/project-scope';
import { EmulatorControl } from '../../emulator/control-client';
import { MemoryMemento } from '../fakes/memory-memento';
import { MemoryTextFiles } from '../fakes/memory-text-files';
import { type EmulatorOptions, type RunningEmulator, startEmulator } from '../../emulator/server';

export interface ApiFixture {
  emulator: RunningEmulator;
  control: EmulatorControl;
  /** A client with quick retries, so retry tests take milliseconds. */
  client(overrides?: Partial<ClientOptions>): DocsApiClient;
  close(): Promise<void>;
}

export async function startApiFixture(options: EmulatorOptions = {}): Promise<ApiFixture> {
  // Jobs finish only when a test says so, unless it asks otherwise.
  const emulator = await startEmulator({ port: 0, quiet: true, jobMinMs: 3_600_000, jobMaxMs: 3_600_000, ...options });
  const control = new EmulatorControl(emulator.baseUrl);
  const clients: DocsApiClient[] = [];
  return {
    emulator,
    control,
    client(overrides = {}) {
      const client = new DocsApiClient({
        baseUrl: emulator.baseUrl,
        getApiKey: () => emulator.key,
        userAgent: 'mintlify-docs-agent-tests/0.0.0',
        ...overrides,
        retry: { baseMs: 1, capMs: 5, ...overrides.retry },
      });
      clients.push(client);
      return client;
    },
    async close() {
      await Promise.all(clients.map((c) => c.close()));
      await emulator.close();
    },
  };
}

/** Runs a promise that must fail, and returns its error for assertions. */
export async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure, but the call succeeded');
}

/** One emulator for a suite of analytics tests (reset before each), and the scopes of its projects. */
export function useAnalyticsApi(today: string): {
  api: () => ApiFixture;
  fixture: () => ProjectScope;
  synthetic: () => ProjectScope;
  newStorage: () => { memento: MemoryMemento; files: MemoryTextFiles };
} {
  let api: ApiFixture | undefined;
  const running = (): ApiFixture => {
    if (!api) throw new Error('the emulator is not running yet');
    return api;
  };
  before(async () => {
    api = await startApiFixture({ today, analyticsLimitPerHour: 1_000_000 });
  });
  after(() => api?.close());
  beforeEach(() => running().control.reset());
  return {
    api: running,
    fixture: () => ({ baseUrl: running().emulator.baseUrl, projectId: running().emulator.projectId }),
    synthetic: () => ({ baseUrl: running().emulator.baseUrl, projectId: running().emulator.syntheticProjectId }),
    // The editor's global state and the report files folder, shared by windows.
    newStorage: () => ({ memento: new MemoryMemento(), files: new MemoryTextFiles() }),
  };
}
