// The first adapter of Docs Agent's tools (tools/): VS Code's chat and agent mode call them as
// language model tools (declared, with their descriptions, input schemas and `when` clauses,
// under contributes.languageModelTools). The chat asks the writer with the tool's own question,
// shown as text. An editor without language model tools gets none, and the rest works as ever.
import * as vscode from 'vscode';
import { hasLanguageModelTools } from '../editor/editor-features';
import { confirmationMarkdown, markdownOfText } from '../editor/markdown-text';
import { contextKeys, type ToolName, toolNames } from '../platform/manifest-ids';
import type { ToolDefinition } from '../tools/tool-definition';
import type { ToolLoader } from '../tools/tool-loader';

type Input = Record<string, unknown>;

/** One tool for chat; its code loads the first time chat calls any tool. */
class ChatTool implements vscode.LanguageModelTool<Input> {
  constructor(
    private readonly name: ToolName,
    private readonly tools: ToolLoader,
  ) {}

  private async definition(): Promise<ToolDefinition> {
    const found = (await this.tools()).find((tool) => tool.name === this.name);
    if (!found) throw new Error(`Docs Agent has no tool ${this.name}`);
    return found;
  }

  async prepareInvocation({ input }: vscode.LanguageModelToolInvocationPrepareOptions<Input>): Promise<vscode.PreparedToolInvocation> {
    const tool = await this.definition();
    const question = await tool.consent?.(input, {});
    return {
      invocationMessage: markdownOfText(tool.progress(input)),
      ...(question ? { confirmationMessages: confirmationMarkdown(question) } : {}),
    };
  }

  async invoke(
    { input }: vscode.LanguageModelToolInvocationOptions<Input>,
    token: vscode.CancellationToken,
  ): Promise<vscode.LanguageModelToolResult> {
    const tool = await this.definition();
    const abort = new AbortController();
    if (token.isCancellationRequested) abort.abort();
    const listener = token.onCancellationRequested(() => abort.abort());
    try {
      const answer = await tool.run(input, { signal: abort.signal });
      return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(answer.text)]);
    } finally {
      listener.dispose();
    }
  }
}

function register(tools: ToolLoader): vscode.Disposable[] {
  const names: ToolName[] = Object.values(toolNames);
  const registered: vscode.Disposable[] = [];
  try {
    for (const name of names) registered.push(vscode.lm.registerTool(name, new ChatTool(name, tools)));
    return registered;
  } catch (error) {
    // All or none: chat should not offer a tool set with holes.
    for (const registration of registered) registration.dispose();
    throw error;
  }
}

/** The tools, where this editor has them; `docsAgent.chatTools` (in each tool's `when`) says whether they are there. */
export function registerChatTools(tools: ToolLoader, log: vscode.LogOutputChannel): vscode.Disposable[] {
  let registered: vscode.Disposable[] = [];
  if (hasLanguageModelTools()) {
    try {
      registered = register(tools);
    } catch (error) {
      log.warn(`Chat tools are off: this editor refused them (${error instanceof Error ? error.message : String(error)}).`);
    }
  } else {
    log.info('Chat tools are off: this editor has no language model tools.');
  }
  void vscode.commands.executeCommand('setContext', contextKeys.chatTools, registered.length > 0);
  return registered;
}
