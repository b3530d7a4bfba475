// One typed error per failure kind, so the UI can map each to one sentence and one action.
// Messages never contain the API key: nothing here is ever given the key.
import * as l10n from '@vscode/l10n';

export type ApiErrorKind =
  | 'invalidKey'
  | 'invalidSetting'
  | 'auth'
  | 'notFound'
  | 'rateLimited'
  | 'invalidRequest'
  | 'server'
  | 'network'
  | 'timeout'
  | 'malformed'
  | 'cancelled'
  | 'restricted'
  | 'previewsNotInPlan'
  | 'overBudget';

/** A sentence of ours, then the service's own message when it sent one (as written: outside text). */
export function withServiceSaid(sentence: string, serverMessage: string | undefined): string {
  if (!serverMessage) return sentence;
  return l10n.t({
    message: '{0} The service said: {1}',
    args: [sentence, serverMessage],
    comment: ['{0} is a sentence saying what failed; {1} is the service’s own message, in its own words'],
  });
}

export abstract class ApiError extends Error {
  abstract readonly kind: ApiErrorKind;
  /** HTTP status when the server answered; undefined for failures before or without a response. */
  readonly status: number | undefined;

  constructor(message: string, status?: number) {
    super(message);
    this.name = new.target.name;
    this.status = status;
  }
}

/** The key was refused before any request left: empty, or the wrong kind of key. */
export class InvalidApiKeyError extends ApiError {
  readonly kind = 'invalidKey';
}

/** The workspace is not trusted (Restricted Mode): nothing is sent, the key included. */
export class RestrictedModeError extends ApiError {
  readonly kind = 'restricted';
}

/** A setting (base URL, project id) cannot be used; nothing was sent. */
export class InvalidSettingError extends ApiError {
  readonly kind = 'invalidSetting';
  constructor(
    message: string,
    readonly setting: string,
  ) {
    super(message);
  }
}

/** 401 (missing, wrong or expired key) or 403 (key lacks a scope, IP not allowlisted). */
export class AuthError extends ApiError {
  readonly kind = 'auth';
  constructor(
    message: string,
    status: 401 | 403,
    readonly serverMessage: string | undefined,
  ) {
    super(message, status);
  }
}

export class NotFoundError extends ApiError {
  readonly kind = 'notFound';
  constructor(
    message: string,
    readonly serverMessage: string | undefined,
  ) {
    super(message, 404);
  }
}

export class RateLimitedError extends ApiError {
  readonly kind = 'rateLimited';
  /** How long the server asked us to wait, when it said so. */
  readonly retryAfterMs: number | undefined;
  /** Wall-clock time (ms since epoch) after which a retry is welcome. */
  readonly resetAt: number | undefined;

  constructor(message: string, retryAfterMs: number | undefined, now: number) {
    super(message, 429);
    this.retryAfterMs = retryAfterMs;
    this.resetAt = retryAfterMs === undefined ? undefined : now + retryAfterMs;
  }
}

/** 403 from the preview operation: the project's plan has no preview deployments (not a key problem). */
export class PreviewsNotInPlanError extends ApiError {
  readonly kind = 'previewsNotInPlan';
  constructor(readonly serverMessage: string | undefined) {
    super(withServiceSaid(l10n.t("Preview deployments are not available on this project's plan."), serverMessage), 403);
  }
}

export class InvalidRequestError extends ApiError {
  readonly kind = 'invalidRequest';
  constructor(
    message: string,
    readonly serverMessage: string | undefined,
    readonly details: readonly string[],
    status?: number,
  ) {
    super(message, status);
  }
}

export class ServerError extends ApiError {
  readonly kind = 'server';
  constructor(
    message: string,
    status: number,
    readonly serverMessage: string | undefined,
  ) {
    super(message, status);
  }
}

/** The connection failed or broke: refused, reset, DNS, proxy. */
export class NetworkError extends ApiError {
  readonly kind = 'network';
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

export class TimeoutError extends ApiError {
  readonly kind = 'timeout';
  constructor(
    message: string,
    readonly phase: 'connect' | 'response',
  ) {
    super(message);
  }
}

/** A 2xx answer whose body is not JSON or does not have the documented shape. */
export class MalformedResponseError extends ApiError {
  readonly kind = 'malformed';
  constructor(
    message: string,
    readonly field: string | undefined,
    status: number,
    /** A string `id` the unreadable success answer still carried: after a create, that job exists. */
    readonly reportedId?: string,
  ) {
    super(message, status);
  }
}

/** Nothing was sent: the read did not fit in what is left of the hour's analytics budget. */
export class OverBudgetError extends ApiError {
  readonly kind = 'overBudget';
  constructor(
    message: string,
    /** How long until it would fit (an upper bound: reads under way may give back sooner). */
    readonly waitMs: number,
  ) {
    super(message);
  }
}

export class CancelledError extends ApiError {
  readonly kind = 'cancelled';
  constructor() {
    super(l10n.t('The request was cancelled.'));
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

// Codes that mean the request never reached the server, so even a POST may be retried.
const notSentCodes = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT']);

/** True when the failure proves the request never reached the server. */
export function neverSent(error: unknown): boolean {
  if (error instanceof TimeoutError) return error.phase === 'connect';
  return error instanceof NetworkError && error.code !== undefined && notSentCodes.has(error.code);
}
