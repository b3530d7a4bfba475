// A preview address comes from the service and is opened in the editor's browser: it is opened
// only when it is https (plain http only on this machine's loopback, where the emulator serves
// one), carries no user name or password (which show one host and open another), and is not
// absurdly long. The host is named in the notification before anything opens. No vscode import.
import * as l10n from '@vscode/l10n';
import { maxLinkLength } from '../jobs/pr-link';
import { count } from '../platform/words';
import type { TrackedPreview } from './tracked-preview';

/** `refused` is a clause in the display language, placed after a colon: "the address is http://, which travels in clear". */
export type PreviewLinkVerdict = { url: string; host: string } | { refused: string };

const loopback = new Set(['localhost', '127.0.0.1', '[::1]']);

export function checkPreviewUrl(previewUrl: string | null): PreviewLinkVerdict {
  if (!previewUrl?.trim()) return { refused: l10n.t('the service gave no preview address') };
  const text = previewUrl.trim();
  if (text.length > maxLinkLength) return { refused: l10n.t('the address is too long ({0} characters)', count(text.length)) };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { refused: l10n.t('the preview address is not a web address') };
  }
  const plainOnLoopback = url.protocol === 'http:' && loopback.has(url.hostname);
  if (url.protocol !== 'https:' && !plainOnLoopback) {
    return {
      refused:
        url.protocol === 'http:'
          ? l10n.t('the address is http://, which travels in clear')
          : l10n.t({ message: 'the address is a {0} link', args: [url.protocol], comment: ['{0} is a URL scheme: "ftp:"'] }),
    };
  }
  if (url.username || url.password)
    return { refused: l10n.t('the address carries a user name or password, which can show one host and open another') };
  return { url: url.toString(), host: url.host };
}

/** The preview's address of a page path ("/guides/webhooks"), or of the home page. */
export function previewPageUrl(previewUrl: string, pagePath: string | undefined): string {
  const url = new URL(previewUrl);
  if (!pagePath || pagePath === '/') return url.toString();
  const base = url.pathname.replace(/\/+$/, '');
  url.pathname = `${base}${pagePath.startsWith('/') ? '' : '/'}${pagePath}`;
  return url.toString();
}

/**
 * What opening an agent's change at the preview's home page says: which page could not be found
 * (its change could not be read, or it changed no page). Nothing for a page found, or a branch's own preview.
 */
export function homePageNote(preview: Pick<TrackedPreview, 'jobId' | 'pagePath'>, name: string): string | undefined {
  if (!preview.jobId || preview.pagePath) return undefined;
  return l10n.t({
    message: 'The changed page of {0} could not be found, so the preview opens at its home page.',
    args: [name],
    comment: ['{0} names the preview: the agent’s change “Fix the quickstart”, or branch docs/intro'],
  });
}
