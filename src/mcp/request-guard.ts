// Who may talk to the MCP server: only a client on this machine that holds the token. The port is
// on loopback, but a web page in a browser on the same machine can still reach loopback (a DNS
// name rebound to 127.0.0.1 sends its own Host; a page's fetch sends its Origin), so both headers
// must name this server exactly before the token is even looked at. Pure, so every rule is tested
// without a server.
import { createHash, timingSafeEqual } from 'node:crypto';
import * as l10n from '@vscode/l10n';

/** The headers the guard reads, as node:http gives them (lower-case names). */
export interface GuardedHeaders {
  host?: string | undefined;
  origin?: string | undefined;
  authorization?: string | undefined;
}

export type GuardVerdict = { allowed: true } | { allowed: false; status: 401 | 403; headers: Record<string, string>; body: string };

/** The Host values a client on this machine sends for this server. */
function hostsOf(port: number): string[] {
  return [`127.0.0.1:${port}`, `localhost:${port}`];
}

/** Host names are case-insensitive; the port must be the one actually listened on. */
export function isOwnHost(host: string | undefined, port: number): boolean {
  return host !== undefined && hostsOf(port).includes(host.trim().toLowerCase());
}

/** No Origin: not a browser (or a same-origin request); one present must be this server itself. */
export function isOwnOrigin(origin: string | undefined, port: number): boolean {
  if (origin === undefined) return true;
  return hostsOf(port).some((host) => origin.trim().toLowerCase() === `http://${host}`);
}

/** Equal secrets, compared in a time that says nothing about where they differ (nor their lengths). */
export function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected)) && expected.length > 0;
}

/** The token of an `Authorization: Bearer …` header, or undefined for any other form. */
export function bearerToken(authorization: string | undefined): string | undefined {
  const match = /^\s*Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return match?.[1];
}

function refusal(status: 401 | 403, sentence: string, headers: Record<string, string> = {}): GuardVerdict {
  return { allowed: false, status, headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify({ error: sentence }) };
}

/** Host and Origin alone (403): what a request that needs no token (the server's proof) passes. */
export function checkPlace(headers: Omit<GuardedHeaders, 'authorization'>, port: number): GuardVerdict {
  if (!isOwnHost(headers.host, port))
    return refusal(403, l10n.t('Docs Agent’s MCP server answers only requests addressed to 127.0.0.1 or localhost on its own port.'));
  if (!isOwnOrigin(headers.origin, port))
    return refusal(403, l10n.t('Docs Agent’s MCP server does not answer web pages: connect from an AI agent on this computer instead.'));
  return { allowed: true };
}

/**
 * Host and Origin first (403: not this server, whatever the token), then the token (401). An
 * undefined `token` (none made yet, or just revoked) lets nobody in.
 */
export function checkRequest(headers: GuardedHeaders, port: number, token: string | undefined): GuardVerdict {
  const place = checkPlace(headers, port);
  if (!place.allowed) return place;
  const given = bearerToken(headers.authorization);
  if (token === undefined || given === undefined || !sameSecret(given, token))
    return refusal(
      401,
      l10n.t('The MCP token is missing or wrong: copy the setup again with Docs Agent’s Connect Another AI Agent (MCP) command.'),
      { 'WWW-Authenticate': 'Bearer' },
    );
  return { allowed: true };
}
