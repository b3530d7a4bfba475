// One Docs Agent tool, defined once for every agent that may call it: VS Code's chat (the language
// model tools, chat/) and any other agent through the MCP server (mcp/). A definition says what the
// model reads about it, what it takes, whether it sends or spends anything (and so asks the writer
// first), and does the work; the adapters only carry these to and from their protocol.
import type { ToolName } from '../platform/manifest-ids';
import type { ProjectScope } from '../api/project-scope';

/** A tool's input as JSON Schema: exactly what the manifest's `languageModelTools` declares. */
export interface InputSchema {
  type: 'object';
  properties: Record<string, { type: string; description: string; enum?: readonly string[]; minimum?: number; maximum?: number }>;
  required?: readonly string[];
}

/** What the writer is asked before a tool sends or spends anything: plain text, shown as text. */
export interface ConsentQuestion {
  /** One line: what is about to happen, and where ("Start a Docs Agent job in project “acme-docs”?"). */
  title: string;
  /** Everything that goes (the whole prompt) and what it costs (one of the project's 100 agent uses an hour). */
  detail: string;
  /**
   * The end of `detail` quoted as written (the prompt to be sent), for an adapter that can set it
   * apart (chat shows it in a code block); `detail` holds it already, after a blank line.
   */
  quoted?: string;
  /**
   * The projects the call acts on (projectsCovered): Allow for This Session holds for this tool,
   * this agent and these projects only, never for a call to another project.
   */
  covers?: string;
  /** The analytics requests the read it asks about may spend: a run that would spend more asks again. */
  requests?: number;
}

/** What a consent covers, from the projects a call acts on: the same for the same projects, in any order. */
export function projectsCovered(scopes: readonly Pick<ProjectScope, 'baseUrl' | 'projectId'>[]): string {
  return [...new Set(scopes.map((s) => JSON.stringify([s.baseUrl, s.projectId])))].sort().join('\n');
}

/** Who calls, and how long they wait. */
export interface ToolCall {
  /** Aborted when the caller gives up (chat's Cancel, the MCP client's cancellation). */
  signal: AbortSignal;
  /** The agent that calls (an MCP client's name from its `initialize`); undefined for VS Code's chat. */
  client?: string;
  /** Folders the caller works in (an MCP client's roots), for a tool that needs a project and was given none. */
  roots?: readonly string[];
  /**
   * VS Code's chat: the file open in the editor when the call was asked (a URI), read once, so the
   * writer's question and the run mean the same page and project; undefined when none was open.
   */
  editor?: string;
  /**
   * The question the writer allowed for this call (also when allowed for the session), as the
   * adapter asked it; undefined when none was asked. The run acts only within it.
   */
  allowed?: ConsentQuestion;
}

/** Whether the run's projects are other than the ones the writer was asked about (settings changed meanwhile). */
export function leftWhatWasAllowed(call: Pick<ToolCall, 'allowed'>, covers: string): boolean {
  return call.allowed?.covers !== undefined && call.allowed.covers !== covers;
}

/** What the model reads back; `failed` when the tool did not do what was asked (an MCP tool error). */
export interface ToolAnswer {
  text: string;
  failed?: boolean;
}

export interface ToolDefinition<Input = Record<string, unknown>> {
  name: ToolName;
  /** What the model reads about the tool: English, as the manifest's `modelDescription`. */
  modelDescription: string;
  inputSchema: InputSchema;
  /** The line a client shows while the tool runs, in the writer's language. */
  progress(input: Input): string;
  /**
   * For a tool that sends or spends something: the question for the writer, or undefined when
   * nothing would be sent (the answer then says why). Absent for a tool that only reads.
   */
  consent?(input: Input, call: Omit<ToolCall, 'signal'>): Promise<ConsentQuestion | undefined>;
  /** Does it. Never throws: a failure is one sentence with what fixes it. Outside text in the answer is fenced as data. */
  run(input: Input, call: ToolCall): Promise<ToolAnswer>;
}
