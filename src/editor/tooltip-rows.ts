// A tree row's tooltip as "**Name:** value" lines. Every value comes from the service or the
// user, so it is appended as text, never as Markdown.
import * as vscode from 'vscode';

export function tooltipRows(): { tip: vscode.MarkdownString; row: (name: string, value: string | null | undefined) => void } {
  const tip = new vscode.MarkdownString(undefined, true);
  const row = (name: string, value: string | null | undefined): void => {
    if (!value) return;
    tip.appendMarkdown(`**${name}:** `);
    tip.appendText(value);
    tip.appendMarkdown('  \n');
  };
  return { tip, row };
}
