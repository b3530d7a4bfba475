// Where a page stands among the site's pages by visitors, as the Explorer badge shows it. A badge
// holds two characters at most, and a compact count there ("3h" for 300, "k+") reads as a time.
// A mark does not: a star for the most read pages, an outlined one, a small dot (bars of two
// heights look alike at a badge's size, and a full dot is what a tab shows for unsaved changes).
// The tooltip has the numbers.
import * as l10n from '@vscode/l10n';

export type Standing = 'mostRead' | 'upperHalf' | 'lowerHalf' | 'unread';

/** A rank among `of` ranked pages (undefined: the page had no visitors). */
export function standingOf(rank: number | undefined, of: number): Standing {
  if (rank === undefined) return 'unread';
  if (rank <= Math.max(1, Math.ceil(of / 10))) return 'mostRead';
  return rank <= of / 2 ? 'upperHalf' : 'lowerHalf';
}

/** The badge: a star for the most read tenth, an outlined star for the upper half, a small dot below, 0 for no visitors. */
export const standingMark: Readonly<Record<Standing, string>> = {
  mostRead: '★',
  upperHalf: '☆',
  lowerHalf: '·',
  unread: '0',
};

/** What the badge means, first in its tooltip, in the writer's language. */
export function standingWords(standing: Standing): string {
  switch (standing) {
    case 'mostRead':
      return l10n.t('Among the most read tenth of pages');
    case 'upperHalf':
      return l10n.t('In the more read half of pages');
    case 'lowerHalf':
      return l10n.t('In the less read half of pages');
    case 'unread':
      return l10n.t('No visitors');
  }
}
