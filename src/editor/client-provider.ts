// One API client per base URL and proxy configuration, rebuilt when those settings change.
import * as vscode from 'vscode';
import { type ApiClient, LazyApiClient } from './lazy-client';
import { proxySettings, requestTimeoutSeconds } from './config';
import type { ApiKeyStore } from './api-key-store';
import type { BaseUrlGuard } from './base-url-guard';
import { guardedKey } from './key-guard';

type TransportSettings = { proxy: string; proxyStrictSSL: boolean; responseTimeoutMs: number };

/** The settings a client's connections are made with, read once per client. */
function transportSettings(): TransportSettings {
  const { proxy, proxyStrictSSL } = proxySettings();
  return { proxy, proxyStrictSSL, responseTimeoutMs: requestTimeoutSeconds() * 1000 };
}

export class ClientProvider implements vscode.Disposable {
  private readonly clients = new Map<string, ApiClient>();

  /** Where requests go may have changed: a workspace's base URL appeared, changed or went. */
  readonly onDidChangeHosts: vscode.Event<void>;

  constructor(
    private readonly keys: ApiKeyStore,
    private readonly userAgent: string,
    private readonly hosts: Pick<BaseUrlGuard, 'isAllowed' | 'onDidChange'>,
  ) {
    this.onDidChangeHosts = hosts.onDidChange;
  }

  forBaseUrl(baseUrl: string): ApiClient {
    const transport = transportSettings();
    const id = JSON.stringify([baseUrl, transport]);
    let client = this.clients.get(id);
    if (!client) {
      client = this.build(baseUrl, () => this.keys.get(), transport);
      this.clients.set(id, client);
    }
    return client;
  }

  /**
   * A client of its own that sends `key`, a key the writer is trying before it is stored (Connect
   * checks it first). The caller closes it.
   */
  withKey(baseUrl: string, key: string): ApiClient {
    return this.build(baseUrl, () => Promise.resolve(key), transportSettings());
  }

  private readonly rules = {
    trusted: () => vscode.workspace.isTrusted,
    allowed: (baseUrl: string) => this.hosts.isAllowed(baseUrl),
  };

  private build(baseUrl: string, key: () => Promise<string | undefined>, transport: TransportSettings): ApiClient {
    return new LazyApiClient({
      baseUrl,
      userAgent: this.userAgent,
      // Asked before every request: in an untrusted workspace nothing leaves, the key included.
      getApiKey: () => guardedKey(baseUrl, this.rules, key),
      transport,
    });
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
