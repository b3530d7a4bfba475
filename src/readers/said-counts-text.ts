// The counts in what readers said, as the Pages view, the CodeLens and the chat tools write them:
// comments, searches, questions to the assistant. Plain words, so plain Node tests read them in
// every language.
import * as l10n from '@vscode/l10n';
import { count, plural } from '../platform/words';

/** "3 comments". */
export function commentsText(n: number): string {
  return plural(n, l10n.t('{0} comment', count(n)), l10n.t('{0} comments', count(n)));
}

/** "1,200 searches": a search can be made a million times. */
export function searchesText(n: number): string {
  return plural(
    n,
    l10n.t('{0} search', count(n)),
    l10n.t('{0} searches', count(n)),
    l10n.t({ message: '{0} searches', args: [count(n)], comment: ['Whole millions (French, Spanish, Portuguese: “1 000 000 de …”)'] }),
  );
}

/** "12 searches lead here": in the CodeLens over a page. */
export function searchesHereText(n: number): string {
  return plural(
    n,
    l10n.t('{0} search leads here', count(n)),
    l10n.t('{0} searches lead here', count(n)),
    l10n.t({
      message: '{0} searches lead here',
      args: [count(n)],
      comment: ['Whole millions (French, Spanish, Portuguese: “1 000 000 de …”)'],
    }),
  );
}

/** "Readers searched “pricing” 12 times (Last 30 days); 40% opened a result." `query` comes quoted. */
export function searchedText(query: string, hits: number, range: string, ctr: string): string {
  const args = [query, count(hits), range, ctr];
  return plural(
    hits,
    l10n.t('Readers searched {0} {1} time ({2}); {3} opened a result.', ...args),
    l10n.t('Readers searched {0} {1} times ({2}); {3} opened a result.', ...args),
    l10n.t({
      message: 'Readers searched {0} {1} times ({2}); {3} opened a result.',
      args,
      comment: ['Whole millions (French, Spanish, Portuguese: “1 000 000 de …”)'],
    }),
  );
}

/** "The assistant was asked about it 2 times: “…”". `first` comes quoted. */
export function askedText(times: number, first: string): string {
  return plural(
    times,
    l10n.t('The assistant was asked about it {0} time: {1}', count(times), first),
    l10n.t('The assistant was asked about it {0} times: {1}', count(times), first),
  );
}

/** "cited in 2 assistant answers". */
export function citedText(n: number): string {
  return plural(n, l10n.t('cited in {0} assistant answer', count(n)), l10n.t('cited in {0} assistant answers', count(n)));
}
