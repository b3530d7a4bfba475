// An API client whose code (requests, retries, validation of answers) loads with its first
// request, not at activation: a window that sends nothing never loads it.
import type { AnalyticsExport, CallOptions, ClientOptions, DocsApiClient } from '../api/client';
import { loadOnce } from '../platform/load-once';

/** What the features ask of a client. */
export type ApiClient = Pick<
  DocsApiClient,
  'createJob' | 'getJob' | 'sendFollowUp' | 'getVisitors' | 'getAnalytics' | 'triggerPreview' | 'getDeploymentStatus' | 'close'
>;

export class LazyApiClient implements ApiClient {
  private loaded: DocsApiClient | undefined;
  private readonly client: () => Promise<DocsApiClient>;

  constructor(options: ClientOptions) {
    this.client = loadOnce(async () => (this.loaded = new (await import('../api/client')).DocsApiClient(options)));
  }

  async createJob(...args: Parameters<DocsApiClient['createJob']>): ReturnType<DocsApiClient['createJob']> {
    return (await this.client()).createJob(...args);
  }

  async getJob(...args: Parameters<DocsApiClient['getJob']>): ReturnType<DocsApiClient['getJob']> {
    return (await this.client()).getJob(...args);
  }

  async sendFollowUp(...args: Parameters<DocsApiClient['sendFollowUp']>): ReturnType<DocsApiClient['sendFollowUp']> {
    return (await this.client()).sendFollowUp(...args);
  }

  async getVisitors(...args: Parameters<DocsApiClient['getVisitors']>): ReturnType<DocsApiClient['getVisitors']> {
    return (await this.client()).getVisitors(...args);
  }

  async getAnalytics<T>(
    projectId: string,
    name: AnalyticsExport,
    query: Parameters<DocsApiClient['getAnalytics']>[2],
    parse: (body: unknown, status: number) => T,
    options?: CallOptions,
  ): Promise<T> {
    return (await this.client()).getAnalytics(projectId, name, query, parse, options);
  }

  async triggerPreview(...args: Parameters<DocsApiClient['triggerPreview']>): ReturnType<DocsApiClient['triggerPreview']> {
    return (await this.client()).triggerPreview(...args);
  }

  async getDeploymentStatus(...args: Parameters<DocsApiClient['getDeploymentStatus']>): ReturnType<DocsApiClient['getDeploymentStatus']> {
    return (await this.client()).getDeploymentStatus(...args);
  }

  /** Closes idle connections: a client that never loaded has none. */
  async close(): Promise<void> {
    await this.loaded?.close();
  }
}
