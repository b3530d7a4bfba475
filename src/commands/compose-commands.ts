// Ask the Agent… opens the composer with the page's context, and Send Follow-up to Job… opens it
// for that job; Send to the Agent (its title bar, Ctrl/Cmd+Enter) sends what the writer sees
// there: one job of the page's project, or the job's follow-up.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { Composer, editedElsewhereText } from '../compose/composer';
import { DraftFiles } from '../compose/draft-files';
import { draftScheme } from '../compose/draft-tabs';
import { DraftHolds } from '../compose/draft-holds';
import { headingAbove, promptOf, type DraftContext } from '../compose/prompt-draft';
import { projectToSend } from '../compose/send-project';
import { scopeFor } from '../editor/config';
import { pickOne, showInfo, showWarning } from '../editor/say';
import { defaultHeartbeatMs } from '../platform/machine/lease';
import { thisWindowId } from '../platform/machine/window-id';
import { relativeTime } from '../platform/relative-time';
import { commandIds } from '../platform/manifest-ids';
import type { StoragePaths } from '../platform/storage-layout';
import { testPace } from '../platform/test-pace';
import type { CommandDeps } from './deps';
import type { ComposeCommandId } from './later-command-ids';
import type { CommandHandlers } from './on-first-use';
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

/**
 * What another command hands the composer: a follow-up to a tracked job (its key), a drafted
 * follow-up asking the job's agent to fix its failed build (always a draft of its own), or a
 * drafted prompt (Ask the Agent About These Pages…) for a new job of the project `about` belongs to.
 */
export type DraftRequest =
  | { followUpTo: string; title: string; /** A follow-up that was not sent, filled in again. */ text?: string }
  | { fix: string; title: string; text: string }
  /** A review of the job's change: a draft of its own, which Send Review notes so its comments are marked sent with it. */
  | { review: string; title: string; text: string }
  | { about: vscode.Uri | undefined; title: string; text: string };

function isDraftRequest(value: unknown): value is DraftRequest {
  if (typeof value !== 'object' || value === null) return false;
  const { title } = value as { title?: unknown };
  return typeof title === 'string' && ('followUpTo' in value || 'fix' in value || 'review' in value || 'about' in value);
}

async function askAgent(composer: Composer, given?: unknown): Promise<vscode.TextEditor | undefined> {
  if (isDraftRequest(given)) {
    if ('about' in given) return composer.open(given.title, { page: given.about, project: scopeFor(given.about) }, undefined, given.text);
    if ('fix' in given) return composer.open(given.title, { job: given.fix }, undefined, given.text);
    if ('review' in given) return composer.open(given.title, { job: given.review }, undefined, given.text);
    const { followUpTo: job, title, text } = given;
    return (await composer.showFollowUp(job)) ?? composer.open(l10n.t('Follow-up to “{0}”', title), { job }, undefined, text);
  }
  const editor = vscode.window.activeTextEditor;
  const about = given instanceof vscode.Uri ? given : editor?.document.uri.scheme === draftScheme ? undefined : editor?.document.uri;
  if (!about) return composer.open(l10n.t('Ask the Agent'), { page: undefined, project: scopeFor() }, undefined);
  const document = editor?.document.uri.toString() === about.toString() ? editor.document : await vscode.workspace.openTextDocument(about);
  const selection = editor?.document === document ? editor.selection : undefined;
  const name = about.path.split('/').pop() ?? '';
  return composer.open(l10n.t('Ask the Agent about {0}', name), { page: about, project: scopeFor(about) }, contextOf(document, selection));
}

/** The draft to send: the one given (a Retry names it), else the one in the active editor. */
async function draftOf(given: unknown): Promise<vscode.TextDocument | undefined> {
  if (!(given instanceof vscode.Uri)) return vscode.window.activeTextEditor?.document;
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === given.toString());
  return open ?? vscode.workspace.openTextDocument(given).then(undefined, () => undefined);
}

/** Told after a draft went to its job as a follow-up. */
export type AfterFollowUp = (draft: vscode.Uri, job: string) => Promise<void>;

/** Sends a new job's draft to the project it was started for (the writer picks when this window's is another). */
async function sendNewJob(deps: CommandDeps, files: DraftFiles, draft: vscode.Uri, prompt: string): Promise<boolean> {
  const scope = await projectToSend(await files.projectOf(draft), scopeFor(DraftFiles.about(draft)));
  return scope !== undefined && (await sendToAgent(deps, [{ prompt, scope }], undefined, true)).length > 0;
}

async function sendComposed(
  deps: CommandDeps,
  composer: Composer,
  files: DraftFiles,
  afterFollowUp: AfterFollowUp,
  given?: unknown,
): Promise<boolean> {
  const document = await draftOf(given);
  if (document?.uri.scheme !== draftScheme) {
    void showWarning(l10n.t('Open a draft from Ask the Agent… to send it.'));
    return false;
  }
  // Sent from here, the words still being typed there would be lost: it is sent where it is edited.
  const elsewhere = files.editedElsewhere(document.uri);
  if (elsewhere !== undefined) {
    void showWarning(editedElsewhereText(elsewhere, 'send'));
    return false;
  }
  const composed = promptOf(document.getText());
  if (!composed.ok) {
    void showWarning(composed.problem);
    return false;
  }
  const job = DraftFiles.jobOf(document.uri);
  // A follow-up goes to its job; a failed one says why with Retry, and its draft stays open.
  const sent = job
    ? (await vscode.commands.executeCommand<unknown>(commandIds.sendFollowUp, job, composed.prompt, document.uri)) !== undefined
    : await sendNewJob(deps, files, document.uri, composed.prompt);
  if (!sent) return false;
  if (job) await afterFollowUp(document.uri, job);
  await composer.sent(document);
  return true;
}

/** Offers the drafts not sent yet, newest first, and opens the one picked. */
async function openUnsent(files: DraftFiles): Promise<vscode.TextEditor | undefined> {
  const drafts = await files.unsent();
  if (drafts.length === 0) {
    void showInfo(l10n.t('No unsent drafts. A draft from Ask the Agent… is kept until you send it, for a month at most.'));
    return undefined;
  }
  const now = Date.now();
  const picked = await pickOne(
    drafts.map(({ uri, firstLine, changedAt }) => ({
      label: firstLine || l10n.t('(nothing written yet)'),
      description: `${DraftFiles.titleOf(uri)} · ${relativeTime(new Date(changedAt).toISOString(), now)}`,
      uri,
    })),
    { placeHolder: l10n.t('Which draft? (newest first)') },
  );
  return picked && vscode.window.showTextDocument(await vscode.workspace.openTextDocument(picked.uri), { preview: false });
}

/** The composer, its drafts' files and its commands, loaded the first time a draft opens or a compose command runs. */
export interface LoadedCompose extends vscode.Disposable {
  files: DraftFiles;
  commands: CommandHandlers<ComposeCommandId>;
  /** Lets the other windows edit this one's drafts at once. */
  release: () => Promise<void>;
}

export function loadedCompose(
  deps: CommandDeps,
  storage: Pick<StoragePaths, 'drafts' | 'draftHolds'>,
  afterFollowUp: AfterFollowUp,
): LoadedCompose {
  // The other windows name this one by its folder (or workspace).
  // Tests quicken the heartbeat, never how long a busy window keeps its draft: a few seconds on a
  // loaded machine must not hand a writer's words to another window.
  const holds = new DraftHolds(
    storage.draftHolds,
    thisWindowId,
    vscode.workspace.name ?? '',
    defaultHeartbeatMs / testPace(),
    2 * defaultHeartbeatMs,
  );
  const files = new DraftFiles(storage.drafts, holds);
  const composer = new Composer(files);
  return {
    files,
    commands: {
      [commandIds.askAgent]: (uri?: unknown) => askAgent(composer, uri),
      [commandIds.sendComposed]: (uri?: unknown) => sendComposed(deps, composer, files, afterFollowUp, uri),
      [commandIds.openUnsentDraft]: () => openUnsent(files),
    },
    release: () => holds.dispose(),
    dispose: () => composer.dispose(),
  };
}
