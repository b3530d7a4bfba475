// The preview sites, served by the emulator's own server: `GET <previewUrl>/<page path>`
// renders that page as its deployment built it, from the branch's commit. Public (no key),
// as the platform's previews are; not API routes, so neither logged nor faulted. The headers
// keep a page inert (no scripts, plugins or forms) but framable: VS Code's Simple Browser
// shows it in an iframe, so there is no X-Frame-Options and no frame-ancestors.
import type { Reply } from './http-util';
import { escapeHtml, htmlPage, renderMarkdown, splitFrontmatter } from './preview-render';
import { PREVIEW_PREFIX, type PreviewSite, type PreviewStore } from './previews';
import { pageFiles, type SiteSnapshot } from './site-snapshot';

const HTML_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; form-action 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

const NOT_READY: Record<PreviewSite['latest'], string> = {
  queued: 'The deployment is queued.',
  in_progress: 'The preview is still building.',
  success: 'The preview is being published.',
  failure: 'The build failed: its logs say why.',
};

function html(status: number, title: string, banner: string, content: string): Reply {
  return { status, body: htmlPage(title, banner, content), headers: HTML_HEADERS };
}

function message(status: number, title: string, banner: string, text: string): Reply {
  return html(status, title, banner, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>`);
}

/** The preview's picture of its home page, light or dark (the status answer links it). */
function screenshot(theme: string, title: string): Reply {
  const [bg, fg] = theme === 'dark.svg' ? ['#0f1117', '#e6edf3'] : ['#ffffff', '#1f2328'];
  const body =
    `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360"><rect width="640" height="360" fill="${bg}"/>` +
    `<text x="32" y="64" font-family="sans-serif" font-size="28" fill="${fg}">${escapeHtml(title)}</text></svg>`;
  return { status: 200, body, headers: { 'content-type': 'image/svg+xml', 'content-security-policy': "default-src 'none'" } };
}

function renderPage(live: SiteSnapshot, file: string, path: string, base: string, banner: string): Reply {
  const { title, body } = splitFrontmatter(live.read(file) ?? '');
  const heading = /^#\s+(.+)$/m.exec(body)?.[1]?.trim();
  const content = renderMarkdown(body, base);
  return html(200, title ?? heading ?? path, banner, title === undefined ? content : `<h1>${escapeHtml(title)}</h1>\n${content}`);
}

/** `segments`: the decoded path after `/__preview`, the subdomain first. */
export function servePreview(store: PreviewStore, method: string, segments: string[]): Reply {
  if (method !== 'GET' && method !== 'HEAD') {
    return { status: 405, body: 'Method not allowed', headers: { 'content-type': 'text/plain; charset=utf-8', allow: 'GET, HEAD' } };
  }
  const [subdomain = '', ...rest] = segments;
  const site = store.site(subdomain);
  if (!site) return message(404, 'No preview here', 'Preview', 'No preview deployment lives at this address.');
  const banner = `Preview of ${site.branch}`;
  const path = `/${rest.filter((s) => s !== '').join('/')}`;
  if (!site.live) return message(503, 'This preview is not ready', banner, NOT_READY[site.latest]);
  if (rest[0] === '_screenshot' && rest.length === 2 && ['light.svg', 'dark.svg'].includes(rest[1] ?? '')) {
    return screenshot(rest[1] ?? '', banner);
  }
  const file = pageFiles(site.live).get(path);
  if (file === undefined) return message(404, 'Page not found', banner, `This preview has no page at ${path}.`);
  return renderPage(site.live, file, path, `/${PREVIEW_PREFIX}/${subdomain}`, banner);
}
