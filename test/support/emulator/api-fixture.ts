// Starts the real emulator on loopback for a suite and builds clients that talk to it.
import { type ClientOptions, DocsApiClient } from '../../../src/api/client';
import { EmulatorControl } from '../../emulator/control-client';
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
