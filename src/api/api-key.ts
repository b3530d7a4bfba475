import { InvalidApiKeyError } from './errors';

// Other keys of the same platform that look alike but cannot call the admin API.
const lookAlikes: ReadonlyArray<{ prefix: string; kind: string }> = [
  { prefix: 'mint_dsc_', kind: 'an assistant (public) key' },
  { prefix: 'mint_us_', kind: 'a search key' },
];

/**
 * Checks that a key can be an admin API key, before anything is sent with it.
 * Returns the trimmed key; throws InvalidApiKeyError with a message that never repeats the key.
 */
export function checkApiKey(key: string | undefined): string {
  const trimmed = (key ?? '').trim();
  if (trimmed === '') {
    throw new InvalidApiKeyError('No API key is set.');
  }
  const lookAlike = lookAlikes.find(({ prefix }) => trimmed.startsWith(prefix));
  if (lookAlike) {
    throw new InvalidApiKeyError(
      `That is ${lookAlike.kind} (it starts with ${lookAlike.prefix}). ` +
        'Use an admin API key: it starts with mint_ and is made on the API keys page of the dashboard.',
    );
  }
  if (!trimmed.startsWith('mint_')) {
    throw new InvalidApiKeyError(
      'That is not a Mintlify admin API key: an admin key starts with mint_.',
    );
  }
  if (/\s/.test(trimmed)) {
    throw new InvalidApiKeyError('The API key contains spaces or line breaks; paste it again.');
  }
  return trimmed;
}
