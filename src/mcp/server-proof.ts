// How a window tells Docs Agent's own MCP server from anything else at the address the shared
// lease folder names (another program on the port, or a lease file someone wrote): it sends a
// fresh nonce, and only a server holding the token can answer with the token's HMAC of it. The
// token itself is never sent, so asking an impostor gives it nothing. No vscode import: unit
// tests run both sides on real sockets.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { get } from 'node:http';

/** Where agents reach the server (under 127.0.0.1 and its port). */
export const mcpPath = '/mcp';

/** Answered without the token (it proves the server holds it), after the Host and Origin checks. */
export const proofPath = '/docs-agent/proof';
export const nonceHeader = 'x-docs-agent-nonce';

const nonceShape = /^[0-9a-f]{32,128}$/;

/** The proof of holding `token` for `nonce`: an HMAC under a label only this use has. */
export function proofFor(token: string, nonce: string): string {
  return createHmac('sha256', token).update(`docs-agent-mcp-proof:${nonce}`, 'utf8').digest('hex');
}

/** The server's answer to a proof request: the proof, or undefined for a malformed nonce or no token yet. */
export function answerProof(nonce: string | string[] | undefined, token: string | undefined): string | undefined {
  if (typeof nonce !== 'string' || !nonceShape.test(nonce) || !token) return undefined;
  return proofFor(token, nonce);
}

/** The URL Docs Agent's server is reached at for `port`: loopback, its one path, nothing else. */
export function isOwnServerUrl(url: string, port: number): boolean {
  try {
    const parsed = new URL(url);
    return (
      parsed.protocol === 'http:' &&
      parsed.hostname === '127.0.0.1' &&
      parsed.port === String(port) &&
      parsed.pathname === mcpPath &&
      !parsed.search &&
      !parsed.hash &&
      !parsed.username &&
      !parsed.password
    );
  } catch {
    return false;
  }
}

/** Whether `address` is Docs Agent's own server holding `token`: its URL's shape, then its proof. */
export async function isOwnServer(address: { url: string; port: number }, token: string): Promise<boolean> {
  return isOwnServerUrl(address.url, address.port) && (await answersWithProof(address.port, token));
}

/** The body of a GET on this machine's loopback (node:http: never through the editor's proxy), or undefined. */
function getLoopback(port: number, path: string, headers: Record<string, string>, timeoutMs: number): Promise<string | undefined> {
  return new Promise((resolve) => {
    const request = get({ host: '127.0.0.1', port, path, headers, timeout: timeoutMs }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        return resolve(undefined);
      }
      let body = '';
      let whole = false;
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
        // A proof is 64 characters: a longer answer is none.
        if (body.length > 4_096) {
          resolve(undefined);
          request.destroy();
        }
      });
      response.on('end', () => (whole = true));
      // After 'end' when the body came whole; alone when the answer broke off.
      response.on('close', () => resolve(whole ? body : undefined));
    });
    request.on('timeout', () => {
      resolve(undefined);
      request.destroy();
    });
    request.on('error', () => resolve(undefined));
  });
}

/**
 * Whether Docs Agent's server holding `token` answers at 127.0.0.1:`port`: a fresh nonce, its
 * proof checked. False for no answer, a wrong one, or after `timeoutMs`.
 */
export async function answersWithProof(port: number, token: string, timeoutMs = 3_000): Promise<boolean> {
  const nonce = randomBytes(16).toString('hex');
  const body = await getLoopback(port, proofPath, { [nonceHeader]: nonce }, timeoutMs);
  try {
    const { proof } = JSON.parse(body ?? 'null') as { proof?: unknown };
    const expected = Buffer.from(proofFor(token, nonce), 'utf8');
    return typeof proof === 'string' && proof.length === expected.length && timingSafeEqual(Buffer.from(proof, 'utf8'), expected);
  } catch {
    return false;
  }
}
