import * as l10n from '@vscode/l10n';
import { InvalidApiKeyError } from './errors';
import { count } from '../platform/words';

/** Other keys of the same platform that look alike but cannot call the admin API: the sentence for each. */
function lookAlikeProblem(key: string): string | undefined {
  if (key.startsWith('mint_dsc_')) {
    return l10n.t(
      'That is an assistant (public) key (it starts with {0}). Use the API key that starts with mint_: the dashboard’s API keys page lists it as an admin key.',
      'mint_dsc_',
    );
  }
  if (key.startsWith('mint_us_')) {
    return l10n.t(
      'That is a search key (it starts with {0}). Use the API key that starts with mint_: the dashboard’s API keys page lists it as an admin key.',
      'mint_us_',
    );
  }
  return undefined;
}

/** The name of a character that cannot be in a key: those a paste from a web page or chat brings along by name. */
function characterName(ch: string): string {
  switch (ch) {
    case '\u00a0':
      return l10n.t({ message: 'a no-break space', comment: ['{0} of “The API key has {0} ({1}) at character {2} of {3}”'] });
    case '\u200b':
      return l10n.t({ message: 'a zero-width space', comment: ['{0} of “The API key has {0} ({1}) at character {2} of {3}”'] });
    case '\u200c':
      return l10n.t({ message: 'a zero-width non-joiner', comment: ['{0} of “The API key has {0} ({1}) at character {2} of {3}”'] });
    case '\u200d':
      return l10n.t({ message: 'a zero-width joiner', comment: ['{0} of “The API key has {0} ({1}) at character {2} of {3}”'] });
    case '\u2060':
      return l10n.t({ message: 'a word joiner', comment: ['{0} of “The API key has {0} ({1}) at character {2} of {3}”'] });
    case '\ufeff':
      return l10n.t({ message: 'a byte order mark', comment: ['{0} of “The API key has {0} ({1}) at character {2} of {3}”'] });
  }
  if (/\s/.test(ch)) {
    return l10n.t({ message: 'a space or line break', comment: ['{0} of “The API key has {0} ({1}) at character {2} of {3}”'] });
  }
  if (/\p{C}/u.test(ch)) {
    return l10n.t({ message: 'an invisible character', comment: ['{0} of “The API key has {0} ({1}) at character {2} of {3}”'] });
  }
  return l10n.t({
    message: 'a character that is not plain ASCII',
    comment: ['{0} of “The API key has {0} ({1}) at character {2} of {3}”'],
  });
}

/** Where the first character that cannot be in a key is, said without repeating the key. */
function strayCharacter(key: string): string | undefined {
  const index = [...key].findIndex((ch) => !/^[\x21-\x7e]$/.test(ch));
  if (index < 0) return undefined;
  const ch = [...key][index];
  const code = `U+${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
  return l10n.t(
    'The API key has {0} ({1}) at character {2} of {3}: keys are plain letters, digits and symbols. Paste it again, or type that part.',
    characterName(ch),
    code,
    count(index + 1),
    count([...key].length),
  );
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
    throw new InvalidApiKeyError(l10n.t('No API key is set.'));
  }
  const lookAlike = lookAlikeProblem(trimmed);
  if (lookAlike) throw new InvalidApiKeyError(lookAlike);
  if (!trimmed.startsWith('mint_')) {
    throw new InvalidApiKeyError(l10n.t('That is not a Mintlify API key: it starts with mint_.'));
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
