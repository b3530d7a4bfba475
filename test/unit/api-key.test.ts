import * as assert from 'node:assert/strict';
import { checkApiKey } from '../../src/api/api-key';
import { InvalidApiKeyError } from '../../src/api/errors';

describe('API key check (before anything is sent)', () => {
  const refused = (key: string | undefined): InvalidApiKeyError => {
    try {
      checkApiKey(key);
    } catch (error) {
      assert.ok(error instanceof InvalidApiKeyError);
      if (key) assert.ok(!error.message.includes(key), 'the message must not repeat the key');
      return error;
    }
    return assert.fail(`"${String(key)}" was accepted`);
  };

  it('refuses a missing or blank key', () => {
    assert.match(refused(undefined).message, /No API key is set/);
    assert.match(refused('   ').message, /No API key is set/);
  });

  it('names an assistant key as the wrong kind', () => {
    assert.match(refused('mint_dsc_abcdef123456').message, /assistant \(public\) key.*mint_dsc_.*Use the API key that starts with mint_/);
  });

  it('names a search key as the wrong kind', () => {
    assert.match(refused('mint_us_abcdef123456').message, /search key.*mint_us_.*Use the API key that starts with mint_/);
  });

  it('refuses a key of another service', () => {
    assert.match(refused('sk-live-abcdef123456').message, /starts with mint_/);
  });

  it('refuses a key with inner spaces or line breaks, saying where', () => {
    assert.match(refused('mint_abc\ndef').message, /space or line break \(U\+000A\) at character 9 of 12/);
  });

  it('names an invisible character a paste brought, and where, whatever the position', () => {
    assert.match(refused('mint_abc\u200bdef').message, /zero-width space \(U\+200B\) at character 9 of 12/);
    assert.match(refused('mint_abcdef\u00a0').message, /no-break space \(U\+00A0\) at character 12 of 12/);
    assert.match(refused('\ufeffmint_abcdef').message, /starts with mint_/);
    assert.match(refused('mint_abcdef\ufeff').message, /byte order mark \(U\+FEFF\)/);
    assert.match(refused('mint_abcdéf').message, /not plain ASCII \(U\+00E9\) at character 10/);
  });

  it('accepts an admin key and trims the spaces and line breaks a paste adds around it', () => {
    assert.equal(checkApiKey('  mint_abcdef123456\n'), 'mint_abcdef123456');
    assert.equal(checkApiKey('mint_abcdef123456\r\n'), 'mint_abcdef123456');
  });
});
