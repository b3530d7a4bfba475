// One tool definition (tools/) as a VS Code language model tool: its progress line and, when the
// definition asks the writer first, chat's confirmation built from its question (outside text
// stays text, the quoted prompt whole in a code block); the call's answer as the result's text.
import * as vscode from 'vscode';
import { confirmationMarkdown, markdownOfText } from '../editor/markdown-text';
import type { ConsentQuestion, ToolDefinition } from '../tools/tool-definition';

type Input = Record<string, unknown>;

/** Chat's confirmation: the detail as text, the quoted end of it (the prompt) in a code block. */
function confirmationOf(question: ConsentQuestion): { title: string; message: vscode.MarkdownString } {
  const { title, detail, quoted } = question;
  const suffix = quoted === undefined ? '' : `\n\n${quoted}`;
  if (quoted === undefined || !detail.endsWith(suffix)) return confirmationMarkdown({ title, message: detail });
  return confirmationMarkdown({ title, message: detail.slice(0, detail.length - suffix.length), quoted });
}

/** An AbortSignal that follows a cancellation token, and the listener to dispose. */
function signalOf(token: vscode.CancellationToken): { signal: AbortSignal; dispose(): void } {
  const controller = new AbortController();
  if (token.isCancellationRequested) controller.abort();
  const listener = token.onCancellationRequested(() => controller.abort());
  return {
    signal: controller.signal,
    dispose: () => {
      listener.dispose();
    },
  };
}

/** Calls asked and not yet run, kept in case chat never runs one (the writer declined). */
const askedKept = 20;

export class ChatTool implements vscode.LanguageModelTool<Input> {
  /**
   * What each asked call saw, by its input: the editor's file (the run takes the same one, whatever
   * the writer opened since) and the question chat showed (the run acts within it).
   */
  private readonly asked = new Map<string, { editor: string | undefined; question: ConsentQuestion | undefined }>();

  constructor(private readonly definition: ToolDefinition) {}

  async prepareInvocation({ input }: vscode.LanguageModelToolInvocationPrepareOptions<Input>): Promise<vscode.PreparedToolInvocation> {
    // VS Code's chat: no client, no roots (the open editor's project is the default, as the tools'
    // descriptions say), read here once: the question and the run mean the same page.
    const editor = vscode.window.activeTextEditor?.document.uri.toString();
    const key = JSON.stringify(input);
    const question = await this.definition.consent?.(input, editor === undefined ? {} : { editor });
    this.asked.delete(key);
    this.asked.set(key, { editor, question });
    for (const oldest of this.asked.keys()) {
      if (this.asked.size <= askedKept) break;
      this.asked.delete(oldest);
    }
    return {
      invocationMessage: markdownOfText(this.definition.progress(input)),
      ...(question ? { confirmationMessages: confirmationOf(question) } : {}),
    };
  }

  async invoke(
    { input }: vscode.LanguageModelToolInvocationOptions<Input>,
    token: vscode.CancellationToken,
  ): Promise<vscode.LanguageModelToolResult> {
    const abort = signalOf(token);
    const key = JSON.stringify(input);
    const { editor, question } = this.asked.get(key) ?? {
      editor: vscode.window.activeTextEditor?.document.uri.toString(),
      question: undefined,
    };
    this.asked.delete(key);
    const call = { signal: abort.signal, ...(editor === undefined ? {} : { editor }), ...(question ? { allowed: question } : {}) };
    try {
      // A failure is said in the text, for the model to pass on; chat has no error flag to carry.
      const { text } = await this.definition.run(input, call);
      return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(text)]);
    } finally {
      abort.dispose();
    }
  }
}
