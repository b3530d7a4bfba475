// Add Redirect's change to docs.json is the new entry and nothing else: every file below, written
// the ways real sites write theirs, comes back byte for byte once the inserted text is taken out,
// and the inserted lines are whole lines in the file's own indentation and line ends.
import * as assert from 'node:assert/strict';
import { applyEdits, type Edit, parse } from 'jsonc-parser';
import { addRedirectEdits } from '../../src/site/redirect-edit';

const redirect = { source: '/legacy/setup', destination: '/quickstart' };

/** The file after adding `redirect`, checked to be the original with text inserted and nothing removed or moved. */
function added(before: string, at: (string | number)[] = ['redirects']): string {
  const result = addRedirectEdits(before, at, redirect, 'docs.json');
  assert.ok('edits' in result, 'problem' in result ? result.problem : '');
  const edits: Edit[] = [...result.edits].sort((a, b) => a.offset - b.offset);
  assert.ok(
    edits.every((edit) => edit.length === 0),
    'only insertions',
  );
  const after = applyEdits(before, edits);
  // Taking each inserted text back out of the result gives the original, byte for byte.
  let inserted = 0;
  const spans = edits.map((edit) => {
    const start = edit.offset + inserted;
    inserted += edit.content.length;
    return [start, start + edit.content.length] as const;
  });
  assert.equal(
    spans.reduceRight((text, [start, end]) => text.slice(0, start) + text.slice(end), after),
    before,
  );
  const list = parse(after) as unknown;
  const entries = Array.isArray(list) ? list : (list as { redirects: unknown[] }).redirects;
  assert.deepEqual(entries.at(-1), redirect);
  if (before.includes('\r\n')) assert.doesNotMatch(after, /[^\r]\n/, 'CRLF throughout');
  return after;
}

describe('site: adding a redirect changes nothing else in the file', () => {
  it('keeps the last entry’s layout and its trailing comment where they were (two spaces, entries on several lines)', () => {
    const before = `{
  "$schema": "https://mintlify.com/docs.json",
  "theme": "mint",
  "name": "Acme",
  // Moved pages keep their old addresses working.
  "redirects": [
    {
      "source": "/editor/drafts",
      "destination": "/editor/publishing"
    },
    {
      "source": "/beta/:slug*",
      "destination": "/v2/:slug*"
    } // the beta ended in March
  ],
  "navigation": { "groups": [{ "group": "Start", "pages": ["quickstart"] }] }
}
`;
    const expected = before.replace(
      '    } // the beta ended in March\n',
      '    }, // the beta ended in March\n    {\n      "source": "/legacy/setup",\n      "destination": "/quickstart"\n    }\n',
    );
    assert.equal(added(before), expected);
  });

  it('writes the entry on one line under one-line entries, four spaces in', () => {
    const before = `{
    "name": "Acme",
    "redirects": [
        { "source": "/old", "destination": "/new" },
        { "source": "/older", "destination": "/new" } // moved in 2025
    ]
}
`;
    const expected = before.replace(
      '// moved in 2025\n',
      '// moved in 2025\n        { "source": "/legacy/setup", "destination": "/quickstart" }\n',
    );
    assert.equal(added(before), expected.replace('"/new" } // moved', '"/new" }, // moved'));
  });

  it('keeps tabs and CRLF line ends', () => {
    const before =
      '{\r\n\t"name": "Acme",\r\n\t"redirects": [\r\n\t\t{\r\n\t\t\t"source": "/a",\r\n\t\t\t"destination": "/b"\r\n\t\t}\r\n\t]\r\n}\r\n';
    const expected = before.replace(
      '\t\t}\r\n\t]',
      '\t\t},\r\n\t\t{\r\n\t\t\t"source": "/legacy/setup",\r\n\t\t\t"destination": "/quickstart"\r\n\t\t}\r\n\t]',
    );
    assert.equal(added(before), expected);
  });

  it('keeps a trailing comma style: the new entry has one too, and the entry before is not touched', () => {
    const before = '{\n  "redirects": [\n    { "source": "/a", "destination": "/b" },\n  ],\n}\n';
    assert.equal(
      added(before),
      '{\n  "redirects": [\n    { "source": "/a", "destination": "/b" },\n    { "source": "/legacy/setup", "destination": "/quickstart" },\n  ],\n}\n',
    );
  });

  it('fills an empty `redirects: []` and an empty list that holds only a comment', () => {
    const empty = '{\n  "name": "Acme",\n  "redirects": [],\n  "theme": "mint"\n}\n';
    assert.equal(
      added(empty),
      '{\n  "name": "Acme",\n  "redirects": [\n    {\n      "source": "/legacy/setup",\n      "destination": "/quickstart"\n    }\n  ],\n  "theme": "mint"\n}\n',
    );
    const commented = '{\n  "redirects": [\n    // none yet\n  ]\n}\n';
    assert.equal(
      added(commented),
      '{\n  "redirects": [\n    // none yet\n    {\n      "source": "/legacy/setup",\n      "destination": "/quickstart"\n    }\n  ]\n}\n',
    );
  });

  it('adds the list after the last member when docs.json has none, leaving that member’s comment on its line', () => {
    const before = `{
  "name": "Acme",
  "footer": { "socials": { "x": "https://x.com/acme" } } // links in the footer
}
`;
    assert.equal(
      added(before),
      `{
  "name": "Acme",
  "footer": { "socials": { "x": "https://x.com/acme" } }, // links in the footer
  "redirects": [
    {
      "source": "/legacy/setup",
      "destination": "/quickstart"
    }
  ]
}
`,
    );
  });

  it('appends inside the line to a redirects file written on one line, in its compact style', () => {
    assert.equal(
      added('[{"source":"/a","destination":"/b"}]\n', []),
      '[{"source":"/a","destination":"/b"},{"source":"/legacy/setup","destination":"/quickstart"}]\n',
    );
    // The test site's docs.json: one entry on the redirects line.
    const fixture = '{\n  "name": "Acme",\n  "redirects": [{ "source": "/beta/:slug*", "destination": "/v2/:slug*" }]\n}\n';
    assert.equal(
      added(fixture),
      fixture.replace('/v2/:slug*" }]', '/v2/:slug*" }, { "source": "/legacy/setup", "destination": "/quickstart" }]'),
    );
    // A comment after the last entry stays right after it (it describes that entry, or the list's end).
    assert.equal(
      added('[ { "source": "/a", "destination": "/b" } /* last */ ]\n', []),
      '[ { "source": "/a", "destination": "/b" } /* last */, { "source": "/legacy/setup", "destination": "/quickstart" } ]\n',
    );
    assert.equal(
      added('[ { "source": "/a", "destination": "/b" }, /* more to come */ /* soon */ ]\n', []),
      '[ { "source": "/a", "destination": "/b" }, /* more to come */ /* soon */ { "source": "/legacy/setup", "destination": "/quickstart" } ]\n',
    );
    assert.equal(
      added('{ "name": "Acme" }'),
      '{ "name": "Acme", "redirects": [{ "source": "/legacy/setup", "destination": "/quickstart" }] }',
    );
  });
});
