// The page's words in the editor's display language. The extension writes the language and its
// translations into the page's HTML (a `<meta>` element's JSON, see visitors-panel.ts); this reads them
// once, before anything is rendered, so every l10n.t and number after it is in that language.
import { isPageLanguage, pageLanguageId } from '../../visitors/protocol';
import { displayLanguage, useLanguage } from '../../platform/words';

export function startLanguage(): void {
  const text = document.querySelector(`meta[name="${pageLanguageId}"]`)?.getAttribute('content') ?? '';
  let given: unknown;
  try {
    given = JSON.parse(text);
  } catch {
    given = undefined; // no block, or a damaged one: the page stays in English
  }
  if (isPageLanguage(given)) useLanguage(given.language, given.bundle);
  document.documentElement.lang = displayLanguage();
}
