// Small node:http helpers shared by the public and control routes.
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Bodies above this are refused before parsing (a 100,000-character prompt is far below). */
export const MAX_BODY_BYTES = 2 * 1024 * 1024;

export class BodyTooLargeError extends Error {}

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new BodyTooLargeError('Request body too large'));
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export type JsonBody = { ok: true; value: unknown } | { ok: false };

/** Empty text is "no body"; anything else must parse. */
export function parseJson(text: string): JsonBody {
  if (text.trim() === '') return { ok: true, value: null };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export interface Reply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** The service's error body, `{error}`, with any headers (Allow, Retry-After). */
export const errorReply = (status: number, message: string, headers?: Record<string, string>): Reply => ({
  status,
  body: { error: message },
  ...(headers ? { headers } : {}),
});

/** Sends the reply; false when the client is already gone (nothing was sent). */
export function send(res: ServerResponse, reply: Reply): boolean {
  if (res.headersSent || res.destroyed) return false;
  const text = typeof reply.body === 'string' && reply.headers?.['content-type'] ? reply.body : JSON.stringify(reply.body);
  res.writeHead(reply.status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    ...reply.headers,
    'content-length': String(Buffer.byteLength(text)),
  });
  res.end(text);
  return true;
}

/** Splits a raw pathname on '/' and decodes each segment, so `a%2Fb` stays one segment. */
export function splitPath(rawPath: string): string[] | null {
  try {
    return rawPath.split('/').map((segment) => decodeURIComponent(segment));
  } catch {
    return null;
  }
}

/** `?a=1&a=2&b=x` -> `{a: ['1', '2'], b: 'x'}` for the request log. */
export function queryObject(params: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const all = params.getAll(key);
    out[key] = all.length === 1 ? all[0] : all;
  }
  return out;
}
