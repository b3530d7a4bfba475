// The editor's side of a tool's consent: a modal naming the AI agent that asks, with everything
// the tool would send and what it costs, as plain text. Allow once, allow for the rest of this
// agent's session, or Don't Allow (nothing is sent, and the agent reads why). The question opens
// while the writer may be typing: Don't Allow holds the focus, so a keystroke never approves.
import * as l10n from '@vscode/l10n';
import type { ConsentQuestion } from '../tools/tool-definition';
import { askUnprompted } from '../editor/say';
import type { ConsentAnswer } from './tool-call';

/** Asks the writer in a modal; `client` is the agent's name from its `initialize` (outside text: shown as text only). */
export async function askInEditor(question: ConsentQuestion, client: string): Promise<ConsentAnswer> {
  const once = l10n.t('Allow Once');
  const session = l10n.t('Allow for This Session');
  const detail = `${l10n.t('{0} asks:', client)}\n\n${question.detail}`;
  const picked = await askUnprompted(question.title, detail, l10n.t('Don’t Allow'), once, session);
  return picked === once ? 'once' : picked === session ? 'session' : 'refuse';
}
