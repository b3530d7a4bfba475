// The name an MCP client gives itself, as the writer reads it in a question: outside text, so one
// short line with nothing that could reorder, hide or break what stands around it.
import * as l10n from '@vscode/l10n';

/** A client's name shows in the writer's modal: one line, not a page. */
const clientNameLength = 80;

/**
 * Control characters (C0, C1), bidirectional embeddings, overrides, isolates and marks,
 * zero-width characters and line or paragraph separators: each could break the question's
 * lines, or make "Allow" read as something else.
 */
// eslint-disable-next-line no-control-regex
const unshowable = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff]+/g;

/** The name the writer reads for the client, from what it declared (a title when it gave one). */
export function clientNameOf(info: { name?: string; title?: string } | undefined): string {
  const name = (info?.title || info?.name || '').replace(unshowable, ' ').replace(/\s+/g, ' ').trim();
  // Whole characters only: a cut between a surrogate pair would leave half of one.
  return name ? Array.from(name).slice(0, clientNameLength).join('').trim() : l10n.t('An AI agent');
}
