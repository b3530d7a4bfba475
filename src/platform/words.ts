// The writer's language. Every sentence shown goes through `l10n.t` from @vscode/l10n (it reads
// the same bundles as `vscode.l10n.t`, and text modules stay runnable in plain Node and in the
// webview); numbers, dates, lists and plurals here are formatted for that same language, or for
// English when Docs Agent has no translation for it (the sentences are English then: a sentence
// never mixes two languages). Until useLanguage runs, l10n.t answers in English and formats for English.
import * as l10n from '@vscode/l10n';

let language = 'en';
let numbers = new Intl.NumberFormat(language);
let plurals = new Intl.PluralRules(language);

/**
 * Called once where the extension (or the webview) starts, before any sentence is built: the
 * editor's display language, and this extension's translations for it (none for English).
 */
export function useLanguage(displayLanguage: string, bundle: l10n.l10nJsonFormat | undefined): void {
  // Italian or Russian without a bundle reads English sentences: "1,234 visitors", not "1.234 visitors".
  // An English variant keeps its own dates ("27 Nov 2026").
  const formatAs = bundle || /^en(-|$)/i.test(displayLanguage) ? displayLanguage : 'en';
  language = Intl.NumberFormat.supportedLocalesOf([formatAs])[0] ?? 'en';
  numbers = new Intl.NumberFormat(language);
  plurals = new Intl.PluralRules(language);
  // English has no bundle: an empty one also drops what an earlier call loaded.
  l10n.config({ contents: bundle ?? {} });
}

/** The language sentences are written in, as a BCP 47 tag `Intl` formatters and the webview's `lang` take. */
export function displayLanguage(): string {
  return language;
}

/** "1,234" in English, "1.234" in German, "1 234" in French. */
export function count(n: number): string {
  return numbers.format(n);
}

/** Where space is short (the status bar): "9,876" in full, then "12K" (Japanese "1.2万") from 10,000 on. */
export function compactCount(n: number): string {
  return n < 10_000 ? count(n) : new Intl.NumberFormat(language, { notation: 'compact', maximumFractionDigits: 1 }).format(n);
}

/**
 * Picks the sentence for `n`'s plural form. Each is a whole sentence already translated, e.g.
 * `plural(n, l10n.t('{0} job', count(n)), l10n.t('{0} jobs', count(n)))`.
 * - `one` is said for exactly 1 in every language, also in those whose rules have no singular
 *   (Japanese, Chinese, Korean), so its translation is written for a single item: never "these" or
 *   "all". It is also said where the rules say one for more (French: 0).
 * - `many` is the form French, Spanish and Portuguese use for whole millions ("1 000 000 de
 *   visiteurs"). Give it (`l10n.t` with a comment, so it is a sentence of its own to translate)
 *   where a count can reach a million; elsewhere `other` is said.
 */
export function plural(n: number, one: string, other: string, many: string = other): string {
  if (n === 1) return one;
  const form = plurals.select(n);
  return form === 'one' ? one : form === 'many' ? many : other;
}

/** "a, b and c" (or "a, b or c") in the display language. */
export function listOf(items: readonly string[], type: 'conjunction' | 'disjunction' = 'conjunction'): string {
  return new Intl.ListFormat(language, { style: 'long', type }).format(items);
}

/** A moment as the display language writes it; `style` defaults to a medium date and short time. */
export function dateTime(
  at: number | string | Date,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' },
): string {
  const date = at instanceof Date ? at : new Date(at);
  return Number.isNaN(date.getTime()) ? '' : new Intl.DateTimeFormat(language, options).format(date);
}

/** A language's own code ("es") named in the display language: "Spanish", "Spanisch", "スペイン語". */
export function languageName(code: string): string | undefined {
  try {
    return new Intl.DisplayNames([language], { type: 'language', fallback: 'none' }).of(code);
  } catch {
    return undefined;
  }
}
