// Asked before every request, before the key is even read: in Restricted Mode nothing leaves, and
// the key goes only to an address it may go to (the writer's base URL, the platform's, or a host
// they confirmed). A job tracked at another address is refused here, and says so on its row.
// No vscode import, so the refusal can be tested with the real client.
import * as l10n from '@vscode/l10n';
import { InvalidSettingError, RestrictedModeError } from '../api/errors';
import { settingId, settingNames } from '../platform/manifest-ids';
import { originOf } from './workspace-base-url';

export interface KeyRules {
  trusted: () => boolean;
  /** Whether the key may go to this base URL now. */
  allowed: (baseUrl: string) => boolean;
}

/** The key for a request to `baseUrl`, or the refusal (RestrictedModeError, InvalidSettingError of the base URL). */
export function guardedKey<T>(baseUrl: string, rules: KeyRules, key: () => T): T {
  if (!rules.trusted()) {
    throw new RestrictedModeError(
      l10n.t('This workspace is in Restricted Mode: Docs Agent sends nothing, your API key included, until you trust it.'),
    );
  }
  // A job tracked from a base URL no longer allowed (or an older version's workspace value).
  if (!rules.allowed(baseUrl)) {
    const origin = originOf(baseUrl);
    throw new InvalidSettingError(
      origin
        ? l10n.t(
            'Docs Agent sends your API key only to the base URL in your user settings or a host you confirmed; {0} is neither.',
            origin,
          )
        : l10n.t(
            'Docs Agent sends your API key only to the base URL in your user settings or a host you confirmed; this address is neither.',
          ),
      settingId(settingNames.baseUrl),
    );
  }
  return key();
}
