// A large site's pages as the Pages view groups them: by language, then product and tab, a
// level skipped where every page shares it, sections in navigation order and pages in the
// chosen order inside; and each page's title from its frontmatter.
import * as assert from 'node:assert/strict';
import { pagesGroups } from '../../src/readers/pages-model';
import type { SectionGroup } from '../../src/readers/pages-sections';
import { frontmatterTitle } from '../../src/site/frontmatter-title';
import type { SitePage } from '../../src/site/inventory';
import type { NavSection } from '../../src/site/navigation';

const at = (...labels: string[]): NavSection[] =>
  labels.map((label, i): NavSection => ({ kind: i === 0 ? 'language' : i === 1 ? 'product' : 'tab', label }));
const page = (pagePath: string, sections?: NavSection[]): SitePage => ({
  pagePath,
  file: `${pagePath.slice(1)}.mdx`,
  ...(sections && { sections }),
});
const readers = (total: number) => ({ human: total, ai: 0, total, rank: 1, of: 1 });

/** "label (count): rows… [sections…]" for a compact comparison. */
function shape(group: SectionGroup<{ pagePath: string }>): unknown {
  return [group.label, group.count, group.rows.map((r) => r.pagePath), group.sections.map(shape)];
}

describe('the Pages view: a large site by its sections', () => {
  const pages = [
    page('/payments/intro', at('en', 'Payments', 'Guides')),
    page('/payments/api', at('en', 'Payments', 'API')),
    page('/identity/intro', at('en', 'Identity', 'Guides')),
    page('/es/payments/intro', at('es', 'Payments', 'Guides')),
    page('/es/identity/intro', at('es', 'Identity', 'Guides')),
    page('/internal-faq'),
  ];
  const visits = new Map([
    ['/identity/intro', readers(50)],
    ['/payments/intro', readers(10)],
    ['/payments/api', readers(30)],
  ]);

  it('groups by language, then product, then tab, in navigation order, a hidden page beside them; pages by visitors inside', () => {
    const { bySection } = pagesGroups(pages, visits, [], { sort: 'visitors', filter: '', mostlyAiPercent: 50 });
    assert.ok(bySection);
    assert.deepEqual(shape(bySection), [
      'All pages',
      6,
      ['/internal-faq'],
      [
        [
          'English (en)',
          3,
          [],
          [
            [
              'Payments',
              2,
              [],
              [
                ['Guides', 1, ['/payments/intro'], []],
                ['API', 1, ['/payments/api'], []],
              ],
            ],
            ['Identity', 1, ['/identity/intro'], []],
          ],
        ],
        // Every Spanish page is a guide: that level is skipped.
        [
          'Spanish (es)',
          2,
          [],
          [
            ['Payments', 1, ['/es/payments/intro'], []],
            ['Identity', 1, ['/es/identity/intro'], []],
          ],
        ],
      ],
    ]);
  });

  it('a site of one section stays one list; the filter applies inside sections', () => {
    const one = [page('/a', at('en', 'Docs', 'Guides')), page('/b', at('en', 'Docs', 'Guides'))];
    assert.equal(pagesGroups(one, visits, [], { sort: 'name', filter: '', mostlyAiPercent: 50 }).bySection, undefined);
    const filtered = pagesGroups(pages, visits, [], { sort: 'name', filter: 'identity', mostlyAiPercent: 50 }).bySection;
    assert.deepEqual(filtered && shape(filtered), [
      'All pages',
      2,
      [],
      [
        ['English (en)', 1, ['/identity/intro'], []],
        ['Spanish (es)', 1, ['/es/identity/intro'], []],
      ],
    ]);
  });
});

describe('a page’s title from its frontmatter', () => {
  it('title, else sidebarTitle; quotes and comments off; only a block at the top counts', () => {
    assert.equal(frontmatterTitle('---\ntitle: "Webhooks: retries"\nsidebarTitle: Retries\n---\n\nBody'), 'Webhooks: retries');
    assert.equal(frontmatterTitle("---\r\ndescription: x\r\nsidebarTitle: 'Retries' # short\r\n---\r\n"), 'Retries');
    assert.equal(frontmatterTitle('---\ntitle:\n---\n'), undefined);
    assert.equal(frontmatterTitle('# Heading\n---\ntitle: Not frontmatter\n---\n'), undefined);
  });
});
