// The platform's HTTP API, one method per operation. No vscode import: plain Node runs it.
import * as l10n from '@vscode/l10n';
import { checkApiKey } from './api-key';
import {
  type ApiError,
  AuthError,
  CancelledError,
  InvalidRequestError,
  MalformedResponseError,
  NetworkError,
  neverSent,
  NotFoundError,
  PreviewsNotInPlanError,
  RateLimitedError,
  ServerError,
  TimeoutError,
  withServiceSaid,
} from './errors';
import { encodeSegment, parseBaseUrl, parseJson, project, redact, requireText, withReportedId } from './request-parts';
import { backoffDelay, parseRetryAfter, type Sleep, sleep as realSleep } from './retry';
import { type RawResponse, Transport, type TransportOptions } from './transport';
import type { AgentJob, DeploymentState, PreviewStarted, VisitorsPage, VisitorsQuery } from './types';
import { parseAgentJob, parseDeploymentState, parseErrorBody, parsePreviewStarted, parseVisitorsPage } from './validate';
import { type Limit, notFoundText, rateLimitText, refusedText, type Sought } from './refusal-text';

export interface RetryOptions {
  /** Tries per call, the first included. */
  maxAttempts: number;
  baseMs: number;
  capMs: number;
  /** A 429 asking for a longer wait than this is returned to the caller instead of waited out. */
  maxRateLimitWaitMs: number;
}

export interface ClientOptions {
  baseUrl: string;
  /** Read on every call, so a key changed in SecretStorage applies at once. */
  getApiKey: () => string | undefined | Promise<string | undefined>;
  /** e.g. `mintlify-docs-agent/0.1.0`. */
  userAgent: string;
  transport?: Partial<TransportOptions>;
  retry?: Partial<RetryOptions>;
  now?: () => number;
  random?: () => number;
  sleep?: Sleep;
}

export interface CallOptions {
  signal?: AbortSignal;
  /**
   * Awaited just before each HTTP attempt, retries included (for request budgets): what it
   * throws ends the call before that attempt leaves.
   */
  onAttempt?: () => void | Promise<void>;
}

/** The analytics exports: all GETs under `/v1/analytics/{projectId}/`, sharing one hourly budget. */
export type AnalyticsExport = 'visitors' | 'views' | 'feedback' | 'feedback/by-page' | 'searches' | 'assistant';

interface Call<T> {
  method: 'GET' | 'POST';
  segments: string[];
  query?: Record<string, string>;
  body?: unknown;
  /** What the caller was after, for the 404 sentence. */
  thing: Sought;
  limit?: Limit;
  /** What a 403 means for this operation, when it is not the key's doing. */
  forbidden?: (serverMessage: string | undefined) => ApiError;
  parse: (body: unknown, status: number) => T;
}

const defaultRetry: RetryOptions = { maxAttempts: 4, baseMs: 500, capMs: 8000, maxRateLimitWaitMs: 10_000 };
const defaultTransport: TransportOptions = { connectTimeoutMs: 10_000, responseTimeoutMs: 30_000 };

export class DocsApiClient {
  private readonly transport: Transport;
  private readonly retry: RetryOptions;
  private readonly now: () => number;
  private readonly random: () => number;
  private readonly sleep: Sleep;

  constructor(private readonly options: ClientOptions) {
    this.transport = new Transport({ ...defaultTransport, ...options.transport });
    this.retry = { ...defaultRetry, ...options.retry };
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
    this.sleep = options.sleep ?? realSleep;
  }

  async createJob(projectId: string, prompt: string, options: CallOptions = {}): Promise<AgentJob> {
    requireText(prompt, 'prompt');
    return this.call(
      {
        method: 'POST',
        segments: ['v2', 'agent', project(projectId), 'job'],
        body: { prompt },
        thing: { project: projectId },
        limit: 'agent',
        parse: parseAgentJob,
      },
      options,
    );
  }

  async getJob(projectId: string, jobId: string, options: CallOptions = {}): Promise<AgentJob> {
    return this.call(
      { method: 'GET', segments: ['v2', 'agent', project(projectId), 'job', jobId], thing: { job: jobId }, parse: parseAgentJob },
      options,
    );
  }

  async sendFollowUp(projectId: string, jobId: string, prompt: string, options: CallOptions = {}): Promise<AgentJob> {
    requireText(prompt, 'prompt');
    return this.call(
      {
        method: 'POST',
        segments: ['v2', 'agent', project(projectId), 'job', jobId, 'message'],
        body: { prompt },
        thing: { job: jobId },
        limit: 'agent',
        parse: parseAgentJob,
      },
      options,
    );
  }

  /** One page of the visitors report; see visitor-pages.ts to read them all. */
  getVisitors(projectId: string, query: VisitorsQuery, options: CallOptions = {}): Promise<VisitorsPage> {
    return this.getAnalytics(projectId, 'visitors', { ...query }, parseVisitorsPage, options);
  }

  /** One request to an analytics export (each costs one of the organisation's 100 an hour); signal-reads.ts types them. */
  getAnalytics<T>(
    projectId: string,
    name: AnalyticsExport,
    query: Record<string, string | number | readonly string[] | undefined>,
    parse: (body: unknown, status: number) => T,
    options: CallOptions = {},
  ): Promise<T> {
    const params: Record<string, string> = {};
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined) params[key] = Array.isArray(value) ? value.join(',') : String(value);
    }
    return this.call(
      {
        method: 'GET',
        segments: ['v1', 'analytics', project(projectId), ...name.split('/')],
        query: params,
        thing: { project: projectId },
        limit: 'analytics',
        parse,
      },
      options,
    );
  }

  /** Queues a preview deployment of `branch` (a redeploy when the branch already has one). */
  async triggerPreview(projectId: string, branch: string, options: CallOptions = {}): Promise<PreviewStarted> {
    requireText(branch, 'branch');
    return this.call(
      {
        method: 'POST',
        segments: ['v1', 'project', 'preview', project(projectId)],
        body: { branch },
        thing: { project: projectId },
        limit: 'preview',
        // The operation's one documented 403: the plan, which a new key would not change.
        forbidden: (serverMessage) => new PreviewsNotInPlanError(serverMessage),
        parse: parsePreviewStarted,
      },
      options,
    );
  }

  async getDeploymentStatus(statusId: string, options: CallOptions = {}): Promise<DeploymentState> {
    return this.call(
      {
        method: 'GET',
        segments: ['v1', 'project', 'update-status', statusId],
        thing: { deployment: statusId },
        parse: (body, status) => parseDeploymentState(body, status, statusId),
      },
      options,
    );
  }

  /** Closes idle connections. */
  close(): Promise<void> {
    return this.transport.close();
  }

  private async call<T>(call: Call<T>, options: CallOptions): Promise<T> {
    const key = checkApiKey(await this.options.getApiKey());
    const { origin, basePath } = parseBaseUrl(this.options.baseUrl);
    const search = call.query ? new URLSearchParams(call.query).toString() : '';
    const path = `${basePath}/${call.segments.map(encodeSegment).join('/')}${search ? `?${search}` : ''}`;
    const headers: Record<string, string> = {
      authorization: `Bearer ${key}`,
      accept: 'application/json',
      'user-agent': this.options.userAgent,
    };
    const body = call.body === undefined ? undefined : JSON.stringify(call.body);
    if (body !== undefined) headers['content-type'] = 'application/json';

    // A POST is cancellable only until it leaves: once the service may have made the job,
    // dropping the answer would lose track of it (and cost a PR and one of 100 hourly uses).
    const inFlightSignal = call.method === 'GET' ? options.signal : undefined;
    for (let attempt = 1; ; attempt++) {
      try {
        if (options.signal?.aborted) throw new CancelledError();
        await options.onAttempt?.();
        const response = await this.transport.send({ method: call.method, origin, path, headers, body, signal: inFlightSignal });
        return this.interpret(response, call);
      } catch (error) {
        const wait = this.retryWait(error, attempt, call.method === 'GET');
        if (wait === undefined) throw redact(error, key);
        await this.sleep(wait, options.signal);
      }
    }
  }

  /** How long to wait before another try, or undefined when this error is final. */
  private retryWait(error: unknown, attempt: number, idempotent: boolean): number | undefined {
    if (attempt >= this.retry.maxAttempts) return undefined;
    // A 429 means the request was not carried out, so even a POST may go again.
    if (error instanceof RateLimitedError) {
      const wait = error.retryAfterMs;
      return wait !== undefined && wait <= this.retry.maxRateLimitWaitMs ? wait : undefined;
    }
    const transient = error instanceof NetworkError || error instanceof TimeoutError || error instanceof ServerError;
    // A POST that may have reached the server is never repeated: a duplicate job costs a PR.
    if (transient && (idempotent || neverSent(error))) {
      return backoffDelay(attempt, this.retry, this.random);
    }
    return undefined;
  }

  private interpret<T>(response: RawResponse, call: Call<T>): T {
    const { status } = response;
    const json = parseJson(response.text);
    if (status >= 200 && status < 300) {
      if (json === undefined) {
        throw new MalformedResponseError(l10n.t('The service sent an answer that is not JSON.'), undefined, status);
      }
      try {
        return call.parse(json.value, status);
      } catch (error) {
        throw withReportedId(error, json.value, status);
      }
    }
    const { message, details } = parseErrorBody(json?.value);
    const said = (sentence: string): string => withServiceSaid(sentence, message);
    if (status === 401) {
      throw new AuthError(said(l10n.t('The API key was refused: it may have expired or been revoked.')), 401, message);
    }
    if (status === 403 && call.forbidden) throw call.forbidden(message);
    if (status === 403) {
      throw new AuthError(
        said(l10n.t('The API key is not allowed to do this: it may lack a permission, or this network is not on the allowlist.')),
        403,
        message,
      );
    }
    if (status === 404) throw new NotFoundError(said(notFoundText(call.thing)), message);
    if (status === 429) {
      const retryAfterMs = parseRetryAfter(response.header('retry-after'), this.now());
      throw new RateLimitedError(rateLimitText(call.limit, retryAfterMs), retryAfterMs, this.now());
    }
    if (status >= 500) {
      throw new ServerError(said(l10n.t('The service had an error (HTTP {0}). Try again shortly.', String(status))), status, message);
    }
    if (status >= 400) throw new InvalidRequestError(refusedText(status, message, details), message, details, status);
    throw new MalformedResponseError(l10n.t('The service sent an unexpected answer (HTTP {0}).', String(status)), undefined, status);
  }
}
