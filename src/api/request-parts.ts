// The pieces of a request and an answer that are not the HTTP exchange itself: ids made safe
// as path segments, the base URL checked, JSON read, the key kept out of errors.
import * as l10n from '@vscode/l10n';
import { ApiError, InvalidRequestError, InvalidSettingError, MalformedResponseError } from './errors';
import { settingId, settingNames } from '../platform/manifest-ids';

export function parseJson(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}

/** Keeps the id of a success answer that failed validation: the service did act on the request. */
export function withReportedId(error: unknown, body: unknown, status: number): unknown {
  const id = typeof body === 'object' && body !== null && 'id' in body ? body.id : undefined;
  if (!(error instanceof MalformedResponseError) || typeof id !== 'string' || id.trim() === '') return error;
  return new MalformedResponseError(error.message, error.field, status, id);
}

export function project(projectId: string): string {
  if (projectId.trim() === '') {
    throw new InvalidSettingError(l10n.t('No project ID is set.'), settingId(settingNames.projectId));
  }
  return projectId.trim();
}

/** A text the service needs (a prompt, a branch): blank is refused before anything is sent. */
export function requireText(value: string, what: 'prompt' | 'branch'): void {
  if (value.trim() !== '') return;
  const sentence = what === 'prompt' ? l10n.t('The prompt is empty.') : l10n.t('The branch is empty.');
  throw new InvalidRequestError(sentence, undefined, []);
}

/** encodeURIComponent leaves `.` alone; an id of `.` or `..` would then be read as a dot segment. */
export function encodeSegment(segment: string): string {
  if (segment === '') throw new InvalidRequestError(l10n.t('An id is empty.'), undefined, []);
  const encoded = encodeURIComponent(segment);
  return /^\.+$/.test(encoded) ? encoded.replace(/\./g, '%2E') : encoded;
}

export function parseBaseUrl(baseUrl: string): { origin: string; basePath: string } {
  let url: URL;
  try {
    url = new URL(baseUrl.trim());
  } catch {
    throw new InvalidSettingError(l10n.t('The base URL setting is not a valid URL.'), settingId(settingNames.baseUrl));
  }
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    throw new InvalidSettingError(
      l10n.t('The base URL must start with https:// (plain http:// only for localhost), so the key is never sent in clear.'),
      settingId(settingNames.baseUrl),
    );
  }
  if (url.username || url.password || url.search || url.hash) {
    throw new InvalidSettingError(
      l10n.t('The base URL must not contain credentials, a query or a fragment.'),
      settingId(settingNames.baseUrl),
    );
  }
  return { origin: url.origin, basePath: url.pathname.replace(/\/+$/, '') };
}

/** Belt and braces: no message leaves this client with the key in it. */
export function redact(error: unknown, key: string): unknown {
  if (error instanceof ApiError && (error.message.includes(key) || error.stack?.includes(key))) {
    error.message = error.message.split(key).join('[API key]');
    // The stack was written when the error was made, message included.
    if (error.stack) error.stack = error.stack.split(key).join('[API key]');
  }
  return error;
}
