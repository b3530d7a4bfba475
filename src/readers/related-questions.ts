// Which assistant questions are about a search: the Pages view's rows count them, and the prompt
// quotes them. On its own, as the view (loaded at activation) needs none of the prompt builders.
import type { AssistantTurn } from '../api/signal-types';

/** Assistant turns asking about the same thing as a search: every word of the search in the question. */
export function relatedQuestions(term: string, turns: readonly AssistantTurn[]): AssistantTurn[] {
  const words = term.toLowerCase().split(/\W+/).filter(Boolean);
  return words.length ? turns.filter((t) => words.every((w) => t.query.toLowerCase().includes(w))) : [];
}
