// Bearer-key check for the public routes. The key is compared by digest in constant time
// and never appears in any reply, log line or request record.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Reply } from './http-util';
import type { AuthOutcome, KeyState } from './types';

// The scheme name is case-insensitive (RFC 9110); the key itself is not.
const BEARER_RE = /^Bearer +(\S+)$/i;

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

export function evaluateAuth(header: string | undefined, key: string, state: KeyState): AuthOutcome {
  if (header === undefined || header.trim() === '') return 'missing';
  const m = BEARER_RE.exec(header.trim());
  if (!m || !timingSafeEqual(digest(m[1]), digest(key))) return 'invalid';
  return state;
}

/** The refusal for a non-valid outcome, or null to go on. */
export function authRefusal(outcome: AuthOutcome): Reply | null {
  switch (outcome) {
    case 'valid':
      return null;
    case 'missing':
      return { status: 401, body: { error: 'Missing API key: send Authorization: Bearer <admin API key>' } };
    case 'invalid':
      return { status: 401, body: { error: 'Invalid API key' } };
    case 'revoked':
      return { status: 401, body: { error: 'API key has expired or was revoked' } };
    case 'forbidden':
      return { status: 403, body: { error: 'API key is not allowed to access this resource' } };
  }
}
