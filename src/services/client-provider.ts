// One API client per base URL and proxy configuration, rebuilt when those settings change.
import * as vscode from 'vscode';
import { DocsApiClient } from '../api/client';
import { RestrictedModeError } from '../api/errors';
import { proxySettings, requestTimeoutSeconds } from '../config';
import type { ApiKeyStore } from '../secrets/api-key-store';

export class ClientProvider implements vscode.Disposable {
  private readonly clients = new Map<string, DocsApiClient>();

  constructor(
    private readonly keys: ApiKeyStore,
    private readonly userAgent: string,
  ) {}

  forBaseUrl(baseUrl: string): DocsApiClient {
    const proxy = proxySettings();
    const responseTimeoutMs = requestTimeoutSeconds() * 1000;
    const id = JSON.stringify([baseUrl, proxy, responseTimeoutMs]);
    let client = this.clients.get(id);
    if (!client) {
      client = new DocsApiClient({
        baseUrl,
        userAgent: this.userAgent,
        // Asked before every request: in an untrusted workspace nothing leaves, the key included.
        getApiKey: () => {
          if (!vscode.workspace.isTrusted) {
            throw new RestrictedModeError('This workspace is in Restricted Mode: Docs Agent sends nothing, your API key included, until you trust it.');
          }
          return this.keys.get();
        },
        transport: { proxy: proxy.proxy, proxyStrictSSL: proxy.proxyStrictSSL, responseTimeoutMs },
      });
      this.clients.set(id, client);
    }
    return client;
  }

  /** Settings changed: new calls get new clients; old connections close. */
  reset(): void {
    for (const client of this.clients.values()) void client.close();
    this.clients.clear();
  }

  dispose(): void {
    this.reset();
  }
}
