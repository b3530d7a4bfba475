// A site shaped like large real ones (test/fixtures/large-site, written from its plan): three
// languages with products and tabs, API pages generated from JSON and YAML OpenAPI files, a
// section whose spec is a URL, navigation and ~300 redirects in $ref files, hidden pages, a
// .mintignore and snippets. Read from disk the way the extension reads a docs root.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openTarget, siteOrigin } from '../../src/readers/page-open';
import { readersByPage, readersWithoutPage } from '../../src/readers/page-readers';
import { pagesGroups } from '../../src/readers/pages-model';
import type { SignalsRead } from '../../src/readers/reader-signals';
import { readSiteModel, type SiteModel } from '../../src/site/site-model';
import { largeSitePlan } from '../fixtures/large-site-plan/plan';
import { largeSiteDocsDir } from '../fixtures/large-site-plan/where';
import { readTextOrNothing, relativeFilesUnder } from '../support/site-files';

describe('site: a large real-world docs site', () => {
  const docs = largeSiteDocsDir().split('\\').join('/');
  const plan = largeSitePlan();
  let site: SiteModel;
  before(async () => {
    site = await readSiteModel(
      docs,
      readTextOrNothing,
      relativeFilesUnder(docs).filter((f) => /\.mdx?$/i.test(f)),
    );
  });
  const servedBy = (model: SiteModel): string[] =>
    model.pages
      .filter((p) => p.file !== undefined || p.generated)
      .map((p) => p.pagePath)
      .sort();

  it('is on disk exactly as its plan writes it', () => {
    assert.deepEqual(relativeFilesUnder(docs).sort(), [...plan.files.keys()].sort());
    for (const [file, text] of plan.files) assert.equal(readFileSync(join(docs, file), 'utf8'), text, file);
  });

  it('lists every generated API page at the path the platform gives it, JSON and YAML specs alike', () => {
    const generated = site.pages.filter((p) => p.generated).map((p) => p.pagePath);
    assert.deepEqual([...generated].sort(), [...plan.generated].sort());
    assert.ok(generated.includes('/identity-api/sessions/get-users-sessions'), 'no summary: method and path');
    assert.ok(generated.includes('/identity-api/sessions/create-a-session-1'), 'a duplicate is numbered');
    assert.ok(generated.includes('/identity-api/users/lock-a-user'), 'x-hidden is still served');
    assert.ok(!generated.includes('/identity-api/users/update-a-user'), 'x-excluded is not');
    assert.ok(generated.includes('/es/api/payments/get-charges-one'), 'x-mint.href with a tag in Spanish');
  });

  it('serves exactly the plan’s paths: no ignored file, no snippet, no operation read as a file', () => {
    assert.deepEqual(servedBy(site), [...plan.served].sort());
    const pageFiles = new Set(site.pages.flatMap((p) => p.file ?? []));
    for (const file of plan.notServed) assert.ok(!pageFiles.has(file), `${file} is not a page`);
    assert.ok(!site.pages.some((p) => /\s/.test(p.pagePath)), 'no page is named like "/GET /users"');
  });

  it('counts every generated API page in its language: each language’s pages are its listed files plus its generated pages', () => {
    const groups = pagesGroups(site.pages, new Map(), [], { sort: 'name', filter: '', mostlyAiPercent: 50 });
    const languages = groups.bySection?.sections.map((section) => [section.key, section.count]);
    assert.deepEqual(
      languages,
      Object.entries(plan.inLanguage).map(([code, count]) => [`/language:${code}`, count]),
    );
    assert.equal(groups.all.filter((row) => row.file !== undefined || row.generated).length, plan.served.length, 'All pages');
    const developers = (code: string): number =>
      site.pages.filter((p) => p.generated && p.sections?.[0]?.label === code && p.sections[1]?.label === 'Developers').length;
    assert.deepEqual([developers('en'), developers('es'), developers('fr')], [12, 10, 10], 'the menu’s API pages, in every language');
  });

  it('calls only the truly lost paths readers without a page, whatever form readers’ rows name them in', () => {
    const paths = [...plan.served, ...plan.redirected, ...plan.lost, ...plan.unchecked];
    // As exports name pages: paths, whole URLs on the site's domain, trailing slashes.
    const form = (path: string, i: number): string =>
      i % 3 === 1 ? `https://docs.globex.example${path}` : i % 3 === 2 && path !== '/' ? `${path}/` : path;
    const rows = paths.map((path, i) => ({ path: form(path, i), human: i + 1, ai: 1, total: i + 1 }));
    const lost = readersWithoutPage(
      rows,
      site.pages,
      site.redirects,
      site.unchecked.map((u) => u.prefix),
    ).map((r) => r.path);
    assert.deepEqual(lost.sort(), [...plan.lost].sort());
    assert.deepEqual(
      site.unchecked.map((u) => u.prefix),
      ['/partner-api'],
    );
    assert.match(site.problems.join(' '), /partner-api come from https:\/\/partners\.globex\.example\/openapi\.json/);
  });

  it('opens a generated page’s spec at its operation; else the page on the site', () => {
    const page = (path: string) => site.pages.find((p) => p.pagePath === path);
    const lineOf = (target: ReturnType<typeof openTarget>): string =>
      target?.kind === 'file' && target.line !== undefined
        ? (readFileSync(join(docs, target.file), 'utf8').split('\n')[target.line] ?? '')
        : `no line: ${JSON.stringify(target)}`;
    const french = openTarget(page('/fr/api-reference/chat-messages/stop-chat-message-generation'), undefined);
    assert.equal(french?.kind === 'file' && french.file, 'fr/api-reference/openapi_service.json');
    assert.equal(lineOf(french).trim(), '"post": {');
    const lines = readFileSync(join(docs, 'fr/api-reference/openapi_service.json'), 'utf8').split('\n');
    const pathLine = lines.findIndex((l) => l.trim() === '"/chat-messages/{task_id}/stop": {');
    assert.equal(french?.kind === 'file' && french.line, pathLine + 1, 'the method under its path');
    assert.equal(lineOf(openTarget(page('/es/events-api/events/get-an-event'), undefined)).trim(), 'get:', 'YAML shared by the languages');
    assert.equal(lineOf(openTarget(page('/identity-api/users/delete-a-user'), undefined)).trim(), 'delete:');
    assert.equal(
      lineOf(openTarget(page('/api-reference/files/upload-file'), undefined)).trim(),
      '"/files/upload": {',
      'a $ref path item: its path',
    );
    assert.deepEqual(openTarget(page('/payments/checkout/setup'), undefined), { kind: 'file', file: 'payments/checkout/setup.mdx' });

    // A generated page whose operation is not found in the text: the page on the site the exports name.
    const generated = page('/es/api/payments/get-charges-one');
    assert.ok(generated?.generated);
    const unlocated = { ...generated, generated: { ...generated.generated, line: undefined } };
    const read: Pick<SignalsRead, 'pageFeedback' | 'entries' | 'turns'> = {
      pageFeedback: [
        { path: 'https://docs.globex.example/es/api/payments/get-charges-one/', thumbsUp: 1, thumbsDown: 2, code: 0, total: 3 },
      ],
      entries: [],
      turns: [],
    };
    assert.deepEqual(openTarget(unlocated, siteOrigin(read)), {
      kind: 'site',
      url: 'https://docs.globex.example/es/api/payments/get-charges-one',
    });
    assert.equal(openTarget(undefined, siteOrigin(read)), undefined, 'a page the site does not serve opens nothing');
  });

  it('counts the readers of generated API pages', () => {
    const path = '/es/api/payments/get-charges-one';
    const readers = readersByPage(site.pages, [{ path, human: 5, ai: 7, total: 9 }]).get(path);
    assert.deepEqual(readers && { human: readers.human, ai: readers.ai, total: readers.total, rank: readers.rank }, {
      human: 5,
      ai: 7,
      total: 9,
      rank: 1,
    });
  });

  it('names every file the site is built from, and no other JSON', () => {
    const watched = site.watched.map((file) => file.slice(docs.length + 1)).sort();
    for (const file of [
      'docs.json',
      'nav/en.json',
      'nav/es.json',
      'redirects.json',
      'openapi/identity.yaml',
      'fr/openapi/payments.json',
      '.mintignore',
    ]) {
      assert.ok(watched.includes(file), file);
    }
    assert.ok(watched.every((file) => !file.startsWith('tools/')));
  });
});
