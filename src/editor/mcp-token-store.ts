// The token an MCP client must send: random, kept in SecretStorage (so every window of this
// editor serves the same one, and a client set up once keeps working), never in settings or logs.
// Reset makes a new one at once: every client set up with the old one is refused from then on.
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import { mcpTokenSecret } from '../platform/storage-layout';

export class McpTokenStore implements vscode.Disposable {
  private cached: string | undefined;
  private readonly listener: vscode.Disposable;
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fires when this or another window makes a new token. */
  readonly onDidChange = this.changed.event;

  constructor(private readonly secrets: vscode.SecretStorage) {
    // Another window's reset applies here too: the server asks `current()` on every request.
    this.listener = secrets.onDidChange((event) => {
      if (event.key === mcpTokenSecret) void this.read().then(() => this.changed.fire());
    });
  }

  /** The token, made and stored the first time it is needed. */
  async get(): Promise<string> {
    const stored = await this.read();
    if (stored) return stored;
    return this.store();
  }

  /** The token as last read (undefined before `get`): what a request's token is compared with. */
  current(): string | undefined {
    return this.cached;
  }

  /** A new token: clients set up with the old one are refused from now on. */
  async reset(): Promise<string> {
    return this.store();
  }

  dispose(): void {
    this.listener.dispose();
    this.changed.dispose();
  }

  private async read(): Promise<string | undefined> {
    this.cached = (await this.secrets.get(mcpTokenSecret)) || undefined;
    return this.cached;
  }

  private async store(): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    this.cached = token;
    await this.secrets.store(mcpTokenSecret, token);
    return token;
  }
}
