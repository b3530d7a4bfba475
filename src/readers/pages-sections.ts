// Every page of a large site, grouped the way its navigation is: by language, then product,
// tab… A level where every page is in the same section is skipped, so a site with one
// language starts at its tabs, and a small site stays one list. Pure.
import * as l10n from '@vscode/l10n';
import { languageName } from '../platform/words';
import type { NavSection } from '../site/navigation';

export interface SectionGroup<R> {
  /** "Spanish (es)" (the language named in the writer's language), "Payments", "Guides". */
  label: string;
  /** Distinct from a same-named section elsewhere: the labels from the outermost down. */
  key: string;
  sections: SectionGroup<R>[];
  /** The rows directly here (a page in the section but in none of its subsections). */
  rows: R[];
  /** Every row under it. */
  count: number;
}

function labelOf(section: NavSection): string {
  if (section.kind !== 'language') return section.label;
  // Named in the writer's language; not a language code: the label as the site wrote it.
  const name = languageName(section.label);
  return name && name.toLowerCase() !== section.label.toLowerCase()
    ? l10n.t({
        message: '{0} ({1})',
        args: [name, section.label],
        comment: ['A language section of the site: its name, then its code as the site writes it'],
      })
    : section.label;
}

function split<R extends { sections?: NavSection[] }>(
  rows: readonly R[],
  depth: number,
  key: string,
): Omit<SectionGroup<R>, 'label' | 'key'> {
  const here = rows.filter((row) => (row.sections?.length ?? 0) <= depth);
  const below = new Map<string, { section: NavSection; rows: R[] }>();
  for (const row of rows) {
    const section = row.sections?.[depth];
    if (!section) continue;
    const id = `${section.kind}\n${section.label}`;
    const group = below.get(id);
    if (group) group.rows.push(row);
    else below.set(id, { section, rows: [row] });
  }
  const [only] = below.values();
  // Everything in one section: nothing to choose between at this level.
  if (below.size === 1 && !here.length && only) return split(only.rows, depth + 1, key);
  const sections = [...below.values()].map(({ section, rows: inside }) => {
    const sectionKey = `${key}/${section.kind}:${section.label}`;
    return { label: labelOf(section), key: sectionKey, ...split(inside, depth + 1, sectionKey) };
  });
  return { sections, rows: here, count: rows.length };
}

/**
 * The rows by section, sections in the order their first row comes (`rows` in navigation
 * order gives navigation's order); undefined when every row is in the same section.
 */
export function pagesBySection<R extends { sections?: NavSection[] }>(rows: readonly R[]): SectionGroup<R> | undefined {
  const tree = split(rows, 0, '');
  return tree.sections.length ? { label: l10n.t('All pages'), key: '', ...tree } : undefined;
}
