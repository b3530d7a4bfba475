// Registers the language model tools that chat and agent mode call (declared, with their
// descriptions, input schemas and `when` clauses, under contributes.languageModelTools).
// An editor without language model tools gets none, and the rest of Docs Agent works as ever.
import * as vscode from 'vscode';
import { hasLanguageModelTools } from '../editor/editor-features';
import { contextKeys, toolNames } from '../platform/manifest-ids';
import { loadOnce } from '../platform/load-once';
import type { JobToolDeps, PreviewToolDeps, ReadersDeps, ToolName } from '../tools/tool-set';

type Tool = vscode.LanguageModelTool<never>;

/** Stands for a tool until chat first calls one: then the tools' code loads, once for all of them. */
class ToolOnFirstUse implements Tool {
  constructor(private readonly tool: () => Promise<Tool>) {}

  async prepareInvocation(
    options: vscode.LanguageModelToolInvocationPrepareOptions<never>,
    token: vscode.CancellationToken,
  ): Promise<vscode.PreparedToolInvocation | null | undefined> {
    return (await this.tool()).prepareInvocation?.(options, token);
  }

  async invoke(
    options: vscode.LanguageModelToolInvocationOptions<never>,
    token: vscode.CancellationToken,
  ): Promise<vscode.LanguageModelToolResult | null | undefined> {
    return (await this.tool()).invoke(options, token);
  }
}

function register(jobs: JobToolDeps, readers: ReadersDeps, previews: PreviewToolDeps): vscode.Disposable[] {
  const tools = loadOnce(async () => (await import('./chat-tool-set')).chatToolSet({ jobs, readers, previews }));
  const names: ToolName[] = Object.values(toolNames);
  const registered: vscode.Disposable[] = [];
  try {
    for (const name of names) registered.push(vscode.lm.registerTool(name, new ToolOnFirstUse(async () => (await tools())[name])));
    return registered;
  } catch (error) {
    // All or none: chat should not offer a tool set with holes.
    for (const registration of registered) registration.dispose();
    throw error;
  }
}

/** The tools, where this editor has them; `docsAgent.chatTools` (in each tool's `when`) says whether they are there. */
export function registerChatTools(jobs: JobToolDeps, readers: ReadersDeps, previews: PreviewToolDeps): vscode.Disposable[] {
  let registered: vscode.Disposable[] = [];
  if (hasLanguageModelTools()) {
    try {
      registered = register(jobs, readers, previews);
    } catch (error) {
      jobs.log.warn(`Chat tools are off: this editor refused them (${error instanceof Error ? error.message : String(error)}).`);
    }
  } else {
    jobs.log.info('Chat tools are off: this editor has no language model tools.');
  }
  void vscode.commands.executeCommand('setContext', contextKeys.chatTools, registered.length > 0);
  return registered;
}
