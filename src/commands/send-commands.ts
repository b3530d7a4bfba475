// Send the selection, whole files or free text to the agent as new jobs.
import * as l10n from '@vscode/l10n';
import type { ProjectScope } from '../api/project-scope';
import * as vscode from 'vscode';
import { confirmBeforeSending, scopeFor, stopConfirmingBeforeSending } from '../editor/config';
import type { TrackedJob } from '../jobs/tracked-job';
import { checkPrompt, decodeText, describePrompt } from '../jobs/prompt-text';
import { lostAnswerNote, noProjectError } from '../editor/error-text';
import { showError } from '../editor/show-error';
import type { CommandDeps } from './deps';
import type { SendCommandId } from './later-command-ids';
import type { CommandHandlers } from './on-first-use';
import { UnsentText } from './unsent-text';
import { commandIds, viewIds } from '../platform/manifest-ids';
import { askText, showInfo, showWarning } from '../editor/say';
import { listOf } from '../platform/words';
import { sendPromptsText } from './command-counts-text';

export interface Outgoing {
  prompt: string;
  scope: ProjectScope;
}

async function readFileText(uri: vscode.Uri): Promise<string | undefined> {
  // What the user sees, unsaved edits included, when the file is open.
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  return open ? open.getText() : decodeText(await vscode.workspace.fs.readFile(uri));
}

/** Checks settings and key before asking anything, so a missing one is fixed first. */
async function ready(deps: CommandDeps, scopes: ProjectScope[]): Promise<boolean> {
  try {
    if (scopes.some((s) => !s.projectId)) throw noProjectError();
    await deps.keys.require();
    return true;
  } catch (error) {
    showError(error, deps.log);
    return false;
  }
}

async function confirm(outgoing: Outgoing[]): Promise<boolean> {
  if (!confirmBeforeSending()) return true;
  const projects = listOf([...new Set(outgoing.map((o) => o.scope.projectId))]);
  const { head, send } = sendPromptsText(outgoing.length);
  const detail =
    outgoing.length === 1
      ? l10n.t('Prompt: {0}', describePrompt(outgoing[0]?.prompt ?? ''))
      : [head, ...outgoing.map((o) => `• ${describePrompt(o.prompt)}`)].join('\n');
  const always = l10n.t('Send and Don’t Ask Again');
  const picked = await showInfo(l10n.t('Send to the agent of project “{0}”?', projects), { modal: true, detail }, send, always);
  if (picked === always) await stopConfirmingBeforeSending();
  return picked === send || picked === always;
}

/**
 * Sends each prompt as a job; `onSent` runs once every prompt has a job (after a Retry too).
 * `typed`: the writer wrote the prompt and pressed Enter, which is the confirmation itself.
 * Progress shows in the Agent Jobs view (its icon, when the view is closed), where the job then
 * appears: no notification says what the view already shows.
 */
export async function sendToAgent(deps: CommandDeps, outgoing: Outgoing[], onSent?: () => void, typed = false): Promise<TrackedJob[]> {
  const scopes = outgoing.map((o) => o.scope);
  if (!(await ready(deps, scopes)) || !(typed || (await confirm(outgoing)))) return [];
  const created: TrackedJob[] = [];
  let failure: unknown;
  await vscode.window.withProgress({ location: { viewId: viewIds.jobs }, title: l10n.t('Sending to the agent') }, async () => {
    try {
      for (const item of outgoing) created.push(await deps.tracker.create(item.scope, item.prompt));
    } catch (error) {
      failure = error;
    }
  });
  // Shown once sending has ended: an error never sits beside a live progress bar.
  if (failure !== undefined)
    showError(failure, deps.log, () => sendToAgent(deps, outgoing.slice(created.length), onSent, true), lostAnswerNote(failure));
  else if (created.length === outgoing.length) onSent?.();
  if (created.length) {
    // For the log, which stays English.
    const what =
      created.length === 1 ? `Agent job started: ${describePrompt(created[0]?.prompt ?? '')}` : `${created.length} agent jobs started.`;
    deps.log.info(`${what} ${created.map((j) => j.id).join(', ')}`);
  }
  return created;
}

function problem(message: string): undefined {
  void showWarning(message);
  return undefined;
}

/** Sends the active editor's selections, in document order, as one job. */
async function sendSelection(deps: CommandDeps): Promise<TrackedJob[] | undefined> {
  const editor = vscode.window.activeTextEditor;
  if (!editor) return problem(l10n.t('Open a docs page and select the text to send.'));
  const text = [...editor.selections]
    .sort((a, b) => a.start.compareTo(b.start))
    .filter((s) => !s.isEmpty)
    .map((s) => editor.document.getText(s))
    .join('\n\n');
  const what = l10n.t({ message: 'The selection', args: [], comment: ['Subject of a sentence such as “The selection is empty”'] });
  const check = checkPrompt(text, what);
  if (!check.ok) return problem(check.problem);
  return sendToAgent(deps, [{ prompt: check.prompt, scope: scopeFor(editor.document.uri) }]);
}

export function sendCommands(deps: CommandDeps): CommandHandlers<SendCommandId> {
  const unsent = new UnsentText();
  return {
    [commandIds.sendSelection]: () => sendSelection(deps),
    [commandIds.sendFile]: async (uri?: unknown, selected?: unknown) => {
      const uris =
        Array.isArray(selected) && selected.length
          ? selected.filter((file) => file instanceof vscode.Uri)
          : uri instanceof vscode.Uri
            ? [uri]
            : vscode.window.activeTextEditor
              ? [vscode.window.activeTextEditor.document.uri]
              : [];
      if (!uris.length) return problem(l10n.t('Open or pick the file to send.'));
      const outgoing: Outgoing[] = [];
      for (const file of uris) {
        const name = vscode.workspace.asRelativePath(file);
        const text = await readFileText(file).catch(() => undefined);
        const check =
          text === undefined ? { ok: false as const, problem: l10n.t('{0} is not a text file.', name) } : checkPrompt(text, name);
        if (!check.ok)
          return problem(
            l10n.t({
              message: '{0} Nothing was sent.',
              args: [check.problem],
              comment: ['{0} is a sentence saying what is wrong with the file'],
            }),
          );
        outgoing.push({ prompt: check.prompt, scope: scopeFor(file) });
      }
      return sendToAgent(deps, outgoing);
    },
    [commandIds.newJob]: async (given?: unknown) => {
      const refill = unsent.get('newJob');
      const prompt =
        typeof given === 'string'
          ? given
          : await askText({
              title: l10n.t('New agent job'),
              prompt:
                refill === undefined
                  ? l10n.t('What should the agent do in your docs?')
                  : l10n.t('Your last prompt was not sent, so it is filled in again.'),
              placeHolder: l10n.t('e.g. Add a troubleshooting section to the quickstart'),
              value: refill,
              ignoreFocusOut: true,
            });
      if (prompt === undefined) return undefined;
      // A prompt typed into the box was confirmed by Enter; one handed over (chat, another command) was not.
      const typed = typeof given !== 'string';
      const check = checkPrompt(prompt);
      if (!check.ok) return problem(check.problem);
      // Kept until it is sent, also by a later Retry.
      const { sent } = unsent.keep('newJob', check.prompt);
      return sendToAgent(deps, [{ prompt: check.prompt, scope: scopeFor(vscode.window.activeTextEditor?.document.uri) }], sent, typed);
    },
  };
}
