import * as assert from 'node:assert/strict';
import { keyMayGoTo, originOf } from '../../src/editor/workspace-base-url';
import { baseUrlInSettings } from '../../src/editor/settings-base-url';

describe('a base URL in a workspace’s settings', () => {
  it('is found in a folder’s settings.json, with comments and trailing commas as VS Code allows', () => {
    const text = `{
      // the docs project
      "docsAgent.projectId": "acme",
      "docsAgent.baseUrl": " https://evil.example/v1 ", /* why not */
    }`;
    assert.equal(baseUrlInSettings(text, false), 'https://evil.example/v1');
  });

  it('is found in the nested form and in a .code-workspace file’s settings', () => {
    assert.equal(baseUrlInSettings('{"docsAgent": {"baseUrl": "https://a.example"}}', false), 'https://a.example');
    assert.equal(
      baseUrlInSettings('{"folders": [{"path": "."}], "settings": {"docsAgent.baseUrl": "https://b.example"}}', true),
      'https://b.example',
    );
    assert.equal(
      baseUrlInSettings('{"docsAgent.baseUrl": "https://b.example"}', true),
      undefined,
      'a workspace file keeps settings under "settings"',
    );
  });

  it('is nothing when the file is absent, empty, broken, or names no string', () => {
    for (const text of [
      '',
      '{',
      '[]',
      'null',
      '{"docsAgent.baseUrl": 42}',
      '{"docsAgent.baseUrl": "  "}',
      '{"docsAgent.projectId": "x"}',
    ]) {
      assert.equal(baseUrlInSettings(text, false), undefined, text);
    }
  });
});

describe('where the API key may go', () => {
  const where = {
    userBaseUrl: 'http://127.0.0.1:4000',
    defaultBaseUrl: 'https://api.mintlify.com',
    confirmedHosts: ['https://proxy.corp.example'],
    trusted: true,
  };

  it('goes to the user’s base URL and the platform’s, whatever the path', () => {
    assert.ok(keyMayGoTo('http://127.0.0.1:4000/other/base', where));
    assert.ok(keyMayGoTo('https://API.mintlify.com', where));
  });

  it('goes to a host the user confirmed only while the workspace is trusted', () => {
    assert.ok(keyMayGoTo('https://proxy.corp.example/api', where));
    assert.equal(keyMayGoTo('https://proxy.corp.example/api', { ...where, trusted: false }), false);
  });

  it('goes nowhere else: another host, port or scheme, a withdrawn host, or no URL at all', () => {
    for (const url of [
      'https://evil.example',
      'http://127.0.0.1:4001',
      'https://127.0.0.1:4000',
      'http://proxy.corp.example',
      'file:///etc/passwd',
      'not a url',
    ]) {
      assert.equal(keyMayGoTo(url, where), false, url);
    }
    assert.equal(keyMayGoTo('https://proxy.corp.example', { ...where, confirmedHosts: [] }), false, 'withdrawn');
  });

  it('compares hosts as origins', () => {
    assert.equal(originOf('HTTPS://Proxy.Corp.Example:443/x?y'), 'https://proxy.corp.example');
    assert.equal(originOf('ftp://x.example'), undefined);
  });
});
