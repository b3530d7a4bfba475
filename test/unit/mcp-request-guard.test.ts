// The MCP server's door, rule by rule: its own Host and Origin (403, whatever the token), then the
// bearer token (401). mcp-server.test.ts proves the server applies it to every request.
import * as assert from 'node:assert/strict';
import { bearerToken, checkRequest, sameSecret } from '../../src/mcp/request-guard';

describe('MCP request guard', () => {
  const port = 43117;
  const own = { host: `127.0.0.1:${port}`, authorization: 'Bearer s3cret-token' };
  const statusOf = (headers: Parameters<typeof checkRequest>[0], token: string | undefined = 's3cret-token'): number | 'allowed' => {
    const verdict = checkRequest(headers, port, token);
    return verdict.allowed ? 'allowed' : verdict.status;
  };

  it('lets in a request to its own host and port with the token, with or without its own Origin', () => {
    assert.equal(statusOf(own), 'allowed');
    assert.equal(statusOf({ ...own, host: `LocalHost:${port}` }), 'allowed');
    assert.equal(statusOf({ ...own, origin: `http://localhost:${port}` }), 'allowed');
    assert.equal(statusOf({ ...own, origin: `http://127.0.0.1:${port}` }), 'allowed');
    assert.equal(statusOf({ ...own, authorization: 'bearer   s3cret-token ' }), 'allowed');
  });

  it('refuses another host, a missing Host, or another port (403)', () => {
    for (const host of [
      undefined,
      '',
      'example.com',
      `example.com:${port}`,
      `127.0.0.1:${port + 1}`,
      '127.0.0.1',
      `[::1]:${port}`,
      `0.0.0.0:${port}`,
    ])
      assert.equal(statusOf({ ...own, host }), 403, String(host));
  });

  it('refuses any Origin but its own (403): a web page cannot call it', () => {
    for (const origin of [
      'null',
      'https://example.com',
      `https://localhost:${port}`,
      `http://localhost:${port}/`,
      `http://localhost:${port + 1}`,
      'http://localhost',
    ])
      assert.equal(statusOf({ ...own, origin }), 403, origin);
  });

  it('checks Host and Origin before the token: a foreign page learns nothing about it', () => {
    assert.equal(statusOf({ host: 'evil.example' }), 403);
    assert.equal(statusOf({ host: own.host, origin: 'https://evil.example' }), 403);
  });

  it('refuses a missing, wrong, or other-scheme token, and everything while there is no token (401)', () => {
    for (const authorization of [
      undefined,
      '',
      'Bearer',
      'Bearer ',
      'Bearer wrong',
      'Bearer s3cret-token2',
      'Bearer s3cret-toke',
      'Basic s3cret-token',
      's3cret-token',
    ])
      assert.equal(statusOf({ ...own, authorization }), 401, String(authorization));
    assert.deepEqual(checkRequest(own, port, undefined).allowed, false);
    assert.equal(statusOf({ ...own, authorization: 'Bearer ' }, ''), 401);
    const verdict = checkRequest({ host: own.host }, port, 's3cret-token');
    assert.ok(!verdict.allowed);
    assert.equal(verdict.headers['WWW-Authenticate'], 'Bearer');
    assert.ok(!verdict.body.includes('s3cret-token'));
  });

  it('compares secrets whole, whatever their lengths', () => {
    assert.equal(sameSecret('abc', 'abc'), true);
    assert.equal(sameSecret('abc', 'abcd'), false);
    assert.equal(sameSecret('', ''), false);
    assert.equal(bearerToken('Bearer a b'), undefined);
  });
});
