// The admin API key: kept in SecretStorage only. When none is stored, the MINTLIFY_API_KEY
// environment variable is used (for the demo, CI and dev containers); it is never copied into
// storage or settings.
import * as vscode from 'vscode';
import { apiKeySecret as secretKey } from '../platform/storage-layout';

/** A key's form checked (see api-key.ts, whose sentences load with the first key asked for). */
const checkKey = async (key: string | undefined): Promise<string> => (await import('../api/api-key')).checkApiKey(key);

export const environmentVariable = 'MINTLIFY_API_KEY';

export type KeySource = 'stored' | 'environment' | 'none';

export class ApiKeyStore implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fires when this or another window stores or clears the key. */
  readonly onDidChange = this.changed.event;
  private readonly listener: vscode.Disposable;

  constructor(
    private readonly secrets: vscode.SecretStorage,
    private readonly env: NodeJS.ProcessEnv = process.env,
  ) {
    this.listener = secrets.onDidChange((event) => {
      if (event.key === secretKey) this.changed.fire();
    });
  }

  async get(): Promise<string | undefined> {
    return (await this.secrets.get(secretKey)) ?? (this.env[environmentVariable]?.trim() || undefined);
  }

  async source(): Promise<KeySource> {
    if (await this.secrets.get(secretKey)) return 'stored';
    return this.env[environmentVariable]?.trim() ? 'environment' : 'none';
  }

  /** The key to send, or an InvalidApiKeyError that says what is missing or wrong. */
  async require(): Promise<string> {
    return checkKey(await this.get());
  }

  /** Whether a key of the right form is there (a stored one, or the environment's). */
  async usable(): Promise<boolean> {
    return this.require().then(
      () => true,
      () => false,
    );
  }

  /** Checks the key's form (throws InvalidApiKeyError) before it is stored. */
  async set(key: string): Promise<void> {
    await this.secrets.store(secretKey, await checkKey(key));
  }

  async clear(): Promise<void> {
    await this.secrets.delete(secretKey);
  }

  dispose(): void {
    this.listener.dispose();
    this.changed.dispose();
  }
}
