// Markdown as the editor renders it: VS Code renders a setting's markdownDescription (and the other
// markdown* fields) and a walkthrough step's page with `marked`, so a translation is checked with
// the same parser. CommonMark closes `**` only at a word's edge: `**…추적…**으로` (bold text ending
// in punctuation, followed by a letter) shows its asterisks instead of bold.
import { marked } from 'marked';

/** What a writer sees of some Markdown: how much is bold, italic and code, where links go, and any marker left as text. */
export interface Rendered {
  strong: number;
  /** The bold texts, as shown. */
  bold: string[];
  em: number;
  code: number;
  links: string[];
  /** `**`, `__` or backticks that reached the rendered text. */
  leftovers: string[];
}

/** The settings editor first turns `#setting.id#` in backticks into a link to that setting. */
export const asSettingsEditorShows = (text: string): string =>
  text.replace(/`#([^#\s`]+)#`/g, (_match, id: string) => `[${id}](#${id} "${id}")`);

const entities: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

export function rendered(markdown: string): Rendered {
  const html = marked.parse(markdown, { async: false });
  const count = (tag: string): number => (html.match(new RegExp(`<${tag}[ >]`, 'g')) ?? []).length;
  const text = html
    .replace(/<code[^>]*>[\s\S]*?<\/code>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => entities[entity] ?? entity);
  return {
    strong: count('strong'),
    bold: [...html.matchAll(/<strong>([\s\S]*?)<\/strong>/g)].map((m) =>
      (m[1] ?? '').replace(/&(?:amp|lt|gt|quot|#39);/g, (e) => entities[e] ?? e),
    ),
    em: count('em'),
    code: count('code'),
    links: [...html.matchAll(/<a href="([^"]*)"/g)].map((m) => m[1] ?? '').sort(),
    leftovers: text.match(/\*\*|__|`/g) ?? [],
  };
}
