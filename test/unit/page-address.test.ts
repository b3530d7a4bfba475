// One way to read which page an export names: every form real exports carry (a path, a whole
// URL on the site's domain or a custom one, a trailing slash, the language prefix, percent-
// encoding, a query or fragment) reads as the same page, and rows naming it add up.
import * as assert from 'node:assert/strict';
import { pageAddress, sumByAddress } from '../../src/site/page-address';

describe('a page’s address, from any export', () => {
  it('reads every form of the Chinese HTTP request page as one page', () => {
    const page = '/zh/guides/workflow/node/http-request';
    const forms = [
      page,
      `${page}/`,
      'zh/guides/workflow/node/http-request',
      `https://docs.dify.ai${page}/`,
      `https://docs.dify.ai${page}`,
      `HTTPS://DOCS.DIFY.AI${page}`,
      `https://help.example.com${page}?utm_source=search#headers`,
      `//docs.dify.ai${page}/`,
      `${page}//`,
      `/zh//guides/workflow/node/http-request`,
      ` ${page}?from=nav `,
      `${page}#body`,
    ];
    for (const form of forms) assert.equal(pageAddress(form), page, form);
  });

  it('decodes percent-encoding, segment by segment, and keeps a stray % as written', () => {
    assert.equal(pageAddress('/zh/%E6%8C%87%E5%8D%97/%E5%BF%AB%E9%80%9F%E5%BC%80%E5%A7%8B'), '/zh/指南/快速开始');
    assert.equal(pageAddress('https://docs.acme.dev/es/gu%C3%ADas/'), '/es/guías');
    assert.equal(pageAddress('/ja/100%/api%20keys'), '/ja/100%/api keys');
  });

  it('keeps the language prefix and letter case: another language or spelling is another page', () => {
    assert.notEqual(pageAddress('https://docs.dify.ai/ja/guides/http-request'), pageAddress('/zh/guides/http-request'));
    assert.equal(pageAddress('/Guides/Webhooks/'), '/Guides/Webhooks');
  });

  it('reads the root in every form as /', () => {
    for (const form of ['/', '', 'https://docs.acme.dev', 'https://docs.acme.dev/', '/?q=1', '#top'])
      assert.equal(pageAddress(form), '/', form);
  });

  it('adds up rows that name one page in different forms, and keeps others apart', () => {
    const rows = [
      { path: '/zh/guides/http-request', up: 0, down: 1 },
      { path: 'https://docs.dify.ai/zh/guides/http-request/', up: 2, down: 1 },
      { path: '/zh/guides/http-request/', up: 1, down: 2 },
      { path: '/ja/guides/http-request', up: 5, down: 0 },
    ];
    const summed = sumByAddress(rows, (a, b) => ({ path: a.path, up: a.up + b.up, down: a.down + b.down }));
    assert.deepEqual(summed, [
      { path: '/zh/guides/http-request', up: 3, down: 4 },
      { path: '/ja/guides/http-request', up: 5, down: 0 },
    ]);
  });
});
