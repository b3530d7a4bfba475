// One tools/call from an MCP client, carried to its definition: the writer is asked first when
// the tool would send or spend something (unless they allowed it for this session), and a refusal
// reaches the agent as a tool error it can read, with nothing sent. Protocol-free, so the rules are
// read here in one place; mcp-session.ts only feeds it the SDK's request.
import * as l10n from '@vscode/l10n';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ConsentQuestion, ToolAnswer, ToolDefinition } from '../tools/tool-definition';

/** The writer's answer to a consent question: allow this call, allow the tool until the session ends, or refuse. */
export type ConsentAnswer = 'once' | 'session' | 'refuse';

/** Asks the writer (the editor's modal); `client` names the agent that asks. */
export type AskWriter = (question: ConsentQuestion, client: string) => Promise<ConsentAnswer>;

/** What one MCP session knows while a call runs. */
export interface CallContext {
  signal: AbortSignal;
  /** The client's name from its `initialize`. */
  client: string;
  /** The client's roots as folder paths; undefined when it has none or could not say. Never throws. */
  roots(): Promise<readonly string[] | undefined>;
  /** What the writer allowed for the rest of this session: a tool for the projects its question covered. */
  allowedForSession: Set<string>;
  ask: AskWriter;
  /** Tells the client what runs (the definition's progress line), when it asked to hear. */
  progress?: (message: string) => void;
  /** For a failure worth a log line (never the token, never the input). */
  log?: (line: string) => void;
}

function answerOf({ text, failed }: ToolAnswer): CallToolResult {
  return { content: [{ type: 'text', text }], isError: failed === true };
}

function toolError(text: string): CallToolResult {
  return answerOf({ text, failed: true });
}

/** MCP arguments are any JSON; a tool takes an object (its schema's `type: object`). */
function inputOf(args: unknown): Record<string, unknown> {
  return typeof args === 'object' && args !== null && !Array.isArray(args) ? (args as Record<string, unknown>) : {};
}

/**
 * Whether the call may go ahead: undefined when it may, or the tool error to answer. Asks only
 * when the definition has a question for this input (none when nothing would be sent).
 */
async function consentRefusal(
  definition: ToolDefinition,
  input: Record<string, unknown>,
  context: CallContext,
  roots: readonly string[] | undefined,
): Promise<{ refused: CallToolResult } | { allowed: ConsentQuestion | undefined }> {
  if (!definition.consent) return { allowed: undefined };
  const question = await definition.consent(input, { client: context.client, roots });
  if (!question) return { allowed: undefined };
  // Allowed for the session: this tool, for these projects (the session is this agent's).
  const allowance = `${definition.name}\n${question.covers ?? ''}`;
  if (context.allowedForSession.has(allowance)) return { allowed: question };
  const answer = await context.ask(question, context.client);
  switch (answer) {
    case 'session':
      context.allowedForSession.add(allowance);
      return { allowed: question };
    case 'once':
      return { allowed: question };
    case 'refuse':
      return { refused: toolError(l10n.t('The writer refused this in the editor; nothing was sent. Ask them before trying again.')) };
  }
}

/** Runs tools/call for `name` with `args`; never throws (a failure is a tool error the agent reads). */
export async function callTool(
  definitions: readonly ToolDefinition[],
  name: string,
  args: unknown,
  context: CallContext,
): Promise<CallToolResult> {
  const definition = definitions.find((candidate) => candidate.name === name);
  if (!definition) return toolError(l10n.t('Docs Agent has no tool named “{0}”: list the tools again to see the ones it has.', name));
  const input = inputOf(args);
  try {
    // Read once: the question and the call work out their project from the same folders, even
    // when the agent opens others while the writer reads the question.
    const roots = await context.roots();
    const consent = await consentRefusal(definition, input, context, roots);
    if ('refused' in consent) return consent.refused;
    if (context.signal.aborted) return toolError(l10n.t('The call was cancelled; nothing was sent.'));
    context.progress?.(definition.progress(input));
    const allowed = consent.allowed ? { allowed: consent.allowed } : {};
    return answerOf(await definition.run(input, { signal: context.signal, client: context.client, roots, ...allowed }));
  } catch (error) {
    // A definition never throws by contract; one that does still answers in one sentence.
    context.log?.(`MCP tool ${definition.name} failed: ${error instanceof Error ? error.message : String(error)}`);
    return toolError(
      l10n.t('Docs Agent could not finish this tool call. Try again; if it keeps failing, look at the Docs Agent output in the editor.'),
    );
  }
}
