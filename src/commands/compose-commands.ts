// Ask the Agent… opens the composer with the page's context; Send to the Agent (its title bar,
// Ctrl/Cmd+Enter) sends what the writer sees there, as one job of the page's project.
import * as vscode from 'vscode';
import { Composer } from '../compose/composer';
import { DraftFiles, draftScheme } from '../compose/draft-files';
import { headingAbove, promptOf, type DraftContext } from '../compose/prompt-draft';
import { scopeFor } from '../editor/config';
import { showWarning } from '../editor/say';
import { commandIds } from '../platform/manifest-ids';
import type { CommandDeps } from './deps';
import { sendToAgent } from './send-commands';

/** The context of `document`: its path, and the selection's section, lines and text when there is one. */
function contextOf(document: vscode.TextDocument, selection: vscode.Selection | undefined): DraftContext {
  const path = vscode.workspace.asRelativePath(document.uri, false);
  const lines = Array.from({ length: document.lineCount }, (_, i) => document.lineAt(i).text);
  if (!selection || selection.isEmpty) return { path, heading: headingAbove(lines, 0) };
  // A selection that ends at the start of a line does not hold that line.
  const last = selection.end.character === 0 && selection.end.line > selection.start.line ? selection.end.line - 1 : selection.end.line;
  return {
    path,
    heading: headingAbove(lines, selection.start.line),
    lines: { from: selection.start.line + 1, to: last + 1 },
    quote: document.getText(selection).replace(/\r?\n$/, ''),
  };
}

async function askAgent(composer: Composer, given?: unknown): Promise<vscode.TextEditor | undefined> {
  const editor = vscode.window.activeTextEditor;
  const about = given instanceof vscode.Uri ? given : editor?.document.uri.scheme === draftScheme ? undefined : editor?.document.uri;
  if (!about) return composer.open('Ask the Agent', undefined, undefined);
  const document = editor?.document.uri.toString() === about.toString() ? editor.document : await vscode.workspace.openTextDocument(about);
  const selection = editor?.document === document ? editor.selection : undefined;
  const name = about.path.split('/').pop() ?? '';
  return composer.open(`Ask the Agent about ${name}`, about, contextOf(document, selection));
}

async function sendComposed(deps: CommandDeps, composer: Composer): Promise<boolean> {
  const document = vscode.window.activeTextEditor?.document;
  if (document?.uri.scheme !== draftScheme) {
    void showWarning('Open a draft from Ask the Agent… to send it.');
    return false;
  }
  const composed = promptOf(document.getText());
  if (!composed.ok) {
    void showWarning(composed.problem);
    return false;
  }
  const created = await sendToAgent(deps, [{ prompt: composed.prompt, scope: scopeFor(DraftFiles.about(document.uri)) }], undefined, true);
  if (!created.length) return false;
  await composer.sent(document);
  return true;
}

/** The composer, its drafts kept in `draftsDir`, and its two commands. */
export function registerComposeCommands(deps: CommandDeps, draftsDir: string): vscode.Disposable[] {
  const composer = new Composer(new DraftFiles(draftsDir));
  return [
    composer,
    vscode.commands.registerCommand(commandIds.askAgent, (uri?: unknown) => askAgent(composer, uri)),
    vscode.commands.registerCommand(commandIds.sendComposed, () => sendComposed(deps, composer)),
  ];
}
