// The one place that touches undici. It is loaded on the first request, not at activation:
// the bundle keeps it in a separate file (see esbuild.mjs) so the extension starts without it.
import * as l10n from '@vscode/l10n';
import type { Dispatcher } from 'undici';
import { CancelledError, InvalidSettingError, MalformedResponseError, NetworkError, TimeoutError } from './errors';

export interface TransportOptions {
  /** Explicit proxy URL (VS Code's `http.proxy`); when empty, HTTPS_PROXY/HTTP_PROXY/NO_PROXY apply. */
  proxy?: string;
  /** VS Code's `http.proxyStrictSSL`: false accepts a proxy's self-signed certificate. */
  proxyStrictSSL?: boolean;
  connectTimeoutMs: number;
  /** Longest wait for the response headers, and between chunks of the body. */
  responseTimeoutMs: number;
}

export interface RawRequest {
  method: 'GET' | 'POST';
  origin: string;
  /** Already encoded; sent verbatim so an encoded `..` stays one segment. */
  path: string;
  headers: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
}

export interface RawResponse {
  status: number;
  header(name: string): string | undefined;
  text: string;
}

/** Larger answers than this are not the documented API; refuse instead of filling memory. */
const maxBodyBytes = 16 * 1024 * 1024;

/** Why `host` could not be reached, by the failure's code: a whole sentence for each. */
function unreachableText(host: string, code: string | undefined): string {
  switch (code) {
    case 'ECONNREFUSED':
      return l10n.t('Could not reach {0}: the connection was refused.', host);
    case 'ECONNRESET':
      return l10n.t('Could not reach {0}: the connection was reset.', host);
    case 'ENOTFOUND':
      return l10n.t('Could not reach {0}: the host name was not found.', host);
    case 'EAI_AGAIN':
      return l10n.t('Could not reach {0}: the host name could not be looked up.', host);
    case 'EHOSTUNREACH':
      return l10n.t('Could not reach {0}: the host is unreachable.', host);
    case 'ENETUNREACH':
      return l10n.t('Could not reach {0}: the network is unreachable.', host);
    case 'UND_ERR_SOCKET':
      return l10n.t('Could not reach {0}: the connection closed before the answer was complete.', host);
    case 'UND_ERR_CLOSED':
      return l10n.t('Could not reach {0}: the connection closed.', host);
    default:
      return l10n.t('Could not reach {0}: the connection failed.', host);
  }
}

export class Transport {
  private dispatcher: Promise<Dispatcher> | undefined;

  constructor(private readonly options: TransportOptions) {}

  async send(request: RawRequest): Promise<RawResponse> {
    if (request.signal?.aborted) throw new CancelledError();
    const dispatcher = await this.getDispatcher();
    try {
      const response = await dispatcher.request({
        origin: request.origin,
        path: request.path,
        method: request.method,
        headers: request.headers,
        body: request.body ?? null,
        signal: request.signal ?? null,
        headersTimeout: this.options.responseTimeoutMs,
        bodyTimeout: this.options.responseTimeoutMs,
      });
      const text = await readBody(response.body, response.statusCode);
      const headers = response.headers;
      return {
        status: response.statusCode,
        header: (name) => {
          const value = headers[name.toLowerCase()];
          return Array.isArray(value) ? value[0] : value;
        },
        text,
      };
    } catch (error) {
      throw toTransportError(error, request.origin, request.signal);
    }
  }

  async close(): Promise<void> {
    const pending = this.dispatcher;
    this.dispatcher = undefined;
    if (pending) await (await pending).close();
  }

  private getDispatcher(): Promise<Dispatcher> {
    this.dispatcher ??= import('undici').then((undici) => {
      const { proxy, proxyStrictSSL, connectTimeoutMs } = this.options;
      const agentOptions = { connect: { timeout: connectTimeoutMs } };
      if (proxy) {
        checkProxySetting(proxy);
        return new undici.ProxyAgent({
          ...agentOptions,
          uri: proxy,
          proxyTls: { rejectUnauthorized: proxyStrictSSL !== false },
        });
      }
      return new undici.EnvHttpProxyAgent(agentOptions);
    });
    // A failed set-up is not kept: the next request tries again (a setting fixed meanwhile).
    this.dispatcher.catch(() => (this.dispatcher = undefined));
    return this.dispatcher;
  }
}

/**
 * The editor's http.proxy must be a full http(s) URL; a bare "proxy.corp:8080" would be taken
 * for a URL of scheme "proxy.corp:". Said as that setting being invalid, never echoing it (it
 * may hold a password).
 */
export function checkProxySetting(proxy: string): void {
  let protocol: string | undefined;
  try {
    protocol = new URL(proxy).protocol;
  } catch {
    protocol = undefined;
  }
  if (protocol !== 'http:' && protocol !== 'https:') {
    throw new InvalidSettingError(
      l10n.t(
        'The http.proxy setting is not a proxy address Docs Agent can use: write it in full, with http:// or https:// (for example http://proxy.example:8080).',
      ),
      'http.proxy',
    );
  }
}

async function readBody(body: AsyncIterable<Buffer>, status: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > maxBodyBytes) {
      throw new MalformedResponseError(l10n.t('The service sent an answer far larger than expected.'), undefined, status);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, cause } = error as { code?: unknown; cause?: unknown };
  if (typeof code === 'string') return code;
  return cause === undefined ? undefined : errorCode(cause);
}

function toTransportError(error: unknown, origin: string, signal: AbortSignal | undefined): Error {
  if (error instanceof MalformedResponseError) return error;
  if (signal?.aborted) return new CancelledError();
  const host = new URL(origin).host;
  const code = errorCode(error);
  if (code === 'UND_ERR_CONNECT_TIMEOUT') {
    return new TimeoutError(l10n.t('Connecting to {0} timed out.', host), 'connect');
  }
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') {
    return new TimeoutError(l10n.t('{0} did not answer in time.', host), 'response');
  }
  return new NetworkError(unreachableText(host, code), code);
}
