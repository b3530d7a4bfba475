// Preview builds and sites against a real repository: an agent job's branch is built (and fails
// on the broken link a `[broken-link]` job adds), and the preview site renders the branch's pages.
import * as assert from 'node:assert/strict';
import type { ControlJob, DeploymentWire } from '../types';
import { PREVIEW_BUILD_MS, PREVIEW_QUEUED_MS, usePreviewEmulator } from '../../support/emulator/preview-harness';

describe('emulator: preview builds and sites', () => {
  const h = usePreviewEmulator();

  /** A finished agent job with a pull request, its edit on its branch. */
  async function finishedJob(prompt: string): Promise<ControlJob & { branch: string }> {
    const created = await h.call('POST', `/v2/agent/${h.emu.projectId}/job`, { body: { prompt } });
    const job = await h.control.finishJob(String((created.json as { id: string }).id));
    assert.ok(job.prLink && job.edit && job.source.ref, JSON.stringify(job));
    return { ...job, branch: job.source.ref };
  }
  async function deploy(branch: string): Promise<{ statusId: string; previewUrl: string }> {
    const res = await h.call('POST', `/v1/project/preview/${h.emu.projectId}`, { body: { branch } });
    assert.equal(res.status, 202, res.text);
    return res.json as { statusId: string; previewUrl: string };
  }
  const state = async (statusId: string): Promise<DeploymentWire> =>
    (await h.call('GET', `/v1/project/update-status/${statusId}`)).json as DeploymentWire;
  const page = async (url: string): Promise<{ status: number; text: string; headers: Headers }> => {
    const res = await fetch(url);
    return { status: res.status, text: await res.text(), headers: res.headers };
  };

  it('fails the build of a [broken-link] job’s branch, with the platform’s log lines', async () => {
    const job = await finishedJob('[broken-link] Tighten guides/webhooks.mdx');
    const { statusId, previewUrl } = await deploy(job.branch);
    await h.control.advance(PREVIEW_QUEUED_MS + PREVIEW_BUILD_MS);
    const failed = await state(statusId);
    assert.equal(failed.status, 'failure');
    assert.equal(failed.commit.sha, job.edit?.commit);
    assert.equal(failed.logs.filter((l) => l.startsWith('✗')).join('\n'), '✗ Broken link in guides/webhooks.mdx: /guides/missing-page');
    assert.equal(failed.logs.at(-1), 'Build failed: 1 broken link');
    assert.ok(failed.logs.length >= 5, failed.logs.join('\n'));
    assert.equal(failed.summary, 'Build failed: 1 broken link (guides/webhooks.mdx links to /guides/missing-page)');
    assert.equal(failed.screenshot, undefined);
    const site = await page(`${previewUrl}/guides/webhooks`);
    assert.equal(site.status, 503);
    assert.match(site.text, /This preview is not ready/);
    assert.match(site.text, /build failed/i);
  });

  it('serves a finished job’s branch: the agent’s line, escaped, once the build succeeded; 503 before', async () => {
    const job = await finishedJob('Tighten guides/webhooks.mdx <script>alert(1)</script>');
    const { statusId, previewUrl } = await deploy(job.branch);
    assert.equal(previewUrl, `${h.emu.baseUrl}/__preview/acme-docs-${job.branch.replace('/', '-')}`);
    const queued = await page(`${previewUrl}/guides/webhooks`);
    assert.deepEqual([queued.status, /not ready/.test(queued.text), /queued/.test(queued.text)], [503, true, true]);
    await h.control.advance(PREVIEW_QUEUED_MS);
    assert.match((await page(`${previewUrl}/guides/webhooks`)).text, /still building/);
    await h.control.advance(PREVIEW_BUILD_MS);
    assert.equal((await state(statusId)).status, 'success');
    const served = await page(`${previewUrl}/guides/webhooks`);
    assert.equal(served.status, 200);
    assert.match(served.headers.get('content-type') ?? '', /^text\/html/);
    assert.match(served.text, /<title>Webhooks<\/title>/);
    assert.ok(served.text.includes(`Edited by the docs agent (${job.id})`), served.text);
    assert.ok(served.text.includes('&#60;script&#62;alert(1)&#60;/script&#62;'), 'the prompt’s markup is text');
    assert.ok(!served.text.includes('<script>'));
    assert.match(served.text, /Verify the signature before trusting the body\./);
    const mainSite = await page(`${h.emu.baseUrl}/__preview/acme-docs-main/guides/webhooks`);
    assert.equal(mainSite.status, 404, 'main has no preview until one is asked for');
  });

  it('renders pages as the branch has them, links kept inside the preview, 404 for a missing path', async () => {
    const { previewUrl } = await deploy('main');
    await h.control.advance(PREVIEW_QUEUED_MS + PREVIEW_BUILD_MS);
    const home = await page(`${previewUrl}/`);
    assert.equal(home.status, 200);
    assert.match(home.text, /<h1>Welcome to Acme<\/h1>/);
    const base = new URL(previewUrl).pathname;
    assert.ok(home.text.includes(`<a href="${base}/quickstart">quickstart</a>`), home.text);
    assert.equal((await page(previewUrl)).status, 200, 'the bare URL is the home page');
    const guides = await page(`${previewUrl}/guides/`);
    assert.match(guides.text, /<title>Guides<\/title>/, 'guides/index.mdx at /guides, trailing slash ignored');
    const md = await page(`${previewUrl}/guides/rate-limits`);
    assert.match(md.text, /<title>Rate limits<\/title>[\s\S]*<h1>Rate limits<\/h1>/, 'a .md page titled by its heading');
    const quickstart = await page(`${previewUrl}/quickstart`);
    assert.match(quickstart.text, /<pre><code>npm install -g acme-cli/);
    const hidden = await page(`${previewUrl}/drafts/unpublished`);
    assert.equal(hidden.status, 200, 'a page outside the navigation is still served');
    const missing = await page(`${previewUrl}/guides/missing-page`);
    assert.deepEqual([missing.status, /Page not found/.test(missing.text)], [404, true]);
    assert.equal((await page(`${h.emu.baseUrl}/__preview/nobody-here/`)).status, 404);
  });

  it('sends headers a Simple Browser iframe accepts, with nothing active allowed, and needs no key', async () => {
    const { previewUrl } = await deploy('main');
    await h.control.advance(PREVIEW_QUEUED_MS + PREVIEW_BUILD_MS);
    const { headers } = await page(`${previewUrl}/quickstart`);
    assert.equal(headers.get('x-frame-options'), null);
    const csp = headers.get('content-security-policy') ?? '';
    assert.match(csp, /default-src 'none'/);
    assert.doesNotMatch(csp, /frame-ancestors|script-src/);
    assert.equal(headers.get('x-content-type-options'), 'nosniff');
    const posted = await fetch(`${previewUrl}/quickstart`, { method: 'POST' });
    assert.deepEqual([posted.status, posted.headers.get('allow')], [405, 'GET, HEAD']);
    const logged = (await h.control.requests()).map((r) => r.path);
    assert.ok(logged.length > 0 && logged.every((path) => !path.includes('__preview')), 'pages are not API requests');
  });

  it('a site keeps its last good build while a redeploy builds or fails', async () => {
    const { previewUrl } = await deploy('main');
    await h.control.advance(PREVIEW_QUEUED_MS + PREVIEW_BUILD_MS);
    const redeploy = await deploy('main');
    assert.equal(redeploy.previewUrl, previewUrl);
    assert.equal((await page(`${previewUrl}/quickstart`)).status, 200, 'while the redeploy is queued');
    await h.control.finishPreview(redeploy.statusId, 'failure');
    assert.equal((await page(`${previewUrl}/quickstart`)).status, 200, 'after it failed');
  });
});
