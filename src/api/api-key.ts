import { InvalidApiKeyError } from './errors';

// Other keys of the same platform that look alike but cannot call the admin API.
const lookAlikes: ReadonlyArray<{ prefix: string; kind: string }> = [
  { prefix: 'mint_dsc_', kind: 'an assistant (public) key' },
  { prefix: 'mint_us_', kind: 'a search key' },
];

/** Names of characters a paste from a web page or chat brings along, for the message. */
const invisibleNames: Readonly<Record<string, string>> = {
  '\u00a0': 'a no-break space',
  '\u200b': 'a zero-width space',
  '\u200c': 'a zero-width non-joiner',
  '\u200d': 'a zero-width joiner',
  '\u2060': 'a word joiner',
  '\ufeff': 'a byte order mark',
};

/** Where the first character that cannot be in a key is, said without repeating the key. */
function strayCharacter(key: string): string | undefined {
  const index = [...key].findIndex((ch) => !/^[\x21-\x7e]$/.test(ch));
  if (index < 0) return undefined;
  const ch = [...key][index];
  const code = `U+${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
  const name =
    invisibleNames[ch] ??
    (/\s/.test(ch) ? 'a space or line break' : /\p{C}/u.test(ch) ? 'an invisible character' : 'a character that is not plain ASCII');
  return `The API key has ${name} (${code}) at character ${index + 1} of ${[...key].length}: keys are plain letters, digits and symbols. Paste it again, or type that part.`;
}

/**
 * Checks that a key can be an admin API key, before anything is sent with it (or stored): only
 * printable ASCII, no spaces. Returns the key without the spaces and line breaks a paste adds
 * around it; throws InvalidApiKeyError with a message that never repeats the key.
 */
export function checkApiKey(key: string | undefined): string {
  // Only ASCII white space is trimmed: a no-break space or zero-width character is named below.
  const trimmed = (key ?? '').replace(/^[ \t\r\n]+|[ \t\r\n]+$/g, '');
  if (trimmed === '') {
    throw new InvalidApiKeyError('No API key is set.');
  }
  const lookAlike = lookAlikes.find(({ prefix }) => trimmed.startsWith(prefix));
  if (lookAlike) {
    throw new InvalidApiKeyError(
      `That is ${lookAlike.kind} (it starts with ${lookAlike.prefix}). ` +
        'Use the API key that starts with mint_: the dashboard’s API keys page lists it as an admin key.',
    );
  }
  if (!trimmed.startsWith('mint_')) {
    throw new InvalidApiKeyError('That is not a Mintlify API key: it starts with mint_.');
  }
  const stray = strayCharacter(trimmed);
  if (stray) throw new InvalidApiKeyError(stray);
  return trimmed;
}

/** What is wrong with a key's form, in a sentence; undefined when it may be sent. */
export function apiKeyProblem(key: string): string | undefined {
  try {
    checkApiKey(key);
    return undefined;
  } catch (error) {
    return error instanceof InvalidApiKeyError ? error.message : String(error);
  }
}
