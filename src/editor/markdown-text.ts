// Markdown built from outside text: a tree row's tooltip as "**Name:** value" lines, a chat
// tool's messages. Every value comes from the service, the site or the user, so it is appended as
// text (or shown in a code block), never as Markdown.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { fenceFor } from '../platform/data-fence';

/** `row(name, value)` adds "**Name:** value": `name` is a label already in the writer's language. */
export function tooltipRows(): { tip: vscode.MarkdownString; row: (name: string, value: string | null | undefined) => void } {
  const tip = new vscode.MarkdownString(undefined, true);
  const row = (name: string, value: string | null | undefined): void => {
    if (!value) return;
    const label = l10n.t({ message: '{0}:', args: [name], comment: ['A tooltip row’s name before its value, as in “Status: running”'] });
    tip.appendMarkdown(`**${label}** `);
    tip.appendText(value);
    tip.appendMarkdown('  \n');
  };
  return { tip, row };
}

/** Text shown where the editor reads Markdown (a chat tool's progress line), as written. */
export function markdownOfText(text: string): vscode.MarkdownString {
  const markdown = new vscode.MarkdownString();
  markdown.appendText(text);
  return markdown;
}

/** A question asked before a chat tool acts: its lines as text, then what is quoted, as written. */
export interface QuestionText {
  title: string;
  message: string;
  /** Shown whole in a code block, where nothing is read as Markdown: a prompt to be sent, say. */
  quoted?: string;
}

export function confirmationMarkdown(question: QuestionText): { title: string; message: vscode.MarkdownString } {
  const message = markdownOfText(question.message);
  if (question.quoted !== undefined) message.appendMarkdown(`\n\n${codeBlock(question.quoted)}`);
  return { title: question.title, message };
}

/** A fence longer than any run of backticks inside, so the text cannot close it. */
function codeBlock(text: string): string {
  const fence = fenceFor(text);
  return `${fence}text\n${text}\n${fence}`;
}
