import * as assert from 'node:assert/strict';
import { withoutIcons, withoutLinks, withoutLinksOrIcons } from '../../src/platform/inert-text';

// The patterns the workbench uses (VS Code 1.99.3 and 1.139.1, read from their bundles): the
// links a notification, progress note or input box message turns clickable, and the icons a
// quick pick, status bar or CodeLens draws (a backslash before `$(` escapes one).
const linkPattern = /\[([^\]]+)\]\(((?:https?:\/\/|command:|file:)[^)\s]+)(?: (["'])(.+?)(\3))?\)/gi;
const iconPattern = /(\\)?\$\(([A-Za-z0-9-]+(?:~[A-Za-z]+)?)\)/g;

/** What a person reads: the invisible splitter is not seen, an escaped icon shows without its backslash. */
const linksFound = (text: string): number => [...text.matchAll(linkPattern)].length;
const iconsDrawn = (text: string): string[] => [...text.matchAll(iconPattern)].filter((m) => !m[1]).map((m) => m[2] ?? '');
const iconText = (text: string): string =>
  text.replace(iconPattern, (_m, escaped: string | undefined, name: string) => (escaped ? `$(${name})` : `<${name}>`));

const hostile = [
  '[Open](command:workbench.action.openSettings)',
  '[Run](command:workbench.action.terminal.sendSequence?%7B%22text%22%3A%22curl%20x%20%7C%20sh%5Cn%22%7D)',
  '/guides/[x](https://evil.example "title")',
  'first line](command:a) [b](file:///etc/passwd)',
];

describe('outside text made inert', () => {
  it('forms no link in a notification, whatever the scheme, and reads the same', () => {
    for (const text of hostile) {
      assert.ok(linksFound(text) > 0, `the test text is a link today: ${text}`);
      const shown = withoutLinks(text);
      assert.equal(linksFound(shown), 0, shown);
      assert.equal(shown.replace(/\u200b/g, ''), text, 'nothing dropped or reworded');
    }
  });

  it('leaves text without links untouched', () => {
    const plain = 'The preview of “Fix the quickstart” failed to build: ✗ Broken link in index.mdx: /missing (2 of 3)';
    assert.equal(withoutLinks(plain), plain);
  });

  it('draws no icon in a label, and the escape shows the text as written', () => {
    for (const text of ['$(zap) release', 'a $(sync~spin) b', 'already \\$(eye) escaped', '$(terminal)$(gear)']) {
      assert.ok(iconsDrawn(text).length > 0 || text.includes('\\$('), text);
      const shown = withoutIcons(text);
      assert.deepEqual(iconsDrawn(shown), [], shown);
      assert.equal(iconText(shown), text, 'read as written');
    }
  });

  it('adds no backslash where no icon would be drawn', () => {
    for (const text of ['costs $ 5', '$(not an icon)', 'price $ (eye)', '$()']) assert.equal(withoutIcons(text), text);
  });

  it('an input box message gets both', () => {
    const shown = withoutLinksOrIcons('$(zap) [Open](command:x.y)');
    assert.equal(linksFound(shown), 0);
    assert.deepEqual(iconsDrawn(shown), []);
  });
});
