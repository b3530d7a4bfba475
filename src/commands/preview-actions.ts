// What a writer does with a followed preview: open the changed page in the editor's Simple
// Browser beside the file (or in the system browser), read the whole build log, or ask the agent
// to fix a failed build with the failing lines quoted. Each takes the preview's key (from the
// tree, a notification or another extension) or asks which preview.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { jobKeyOf } from '../jobs/tracked-job';
import { commandIds } from '../platform/manifest-ids';
import { buildLogUri } from '../previews/build-log';
import { checkPreviewUrl, homePageNote, previewPageUrl } from '../previews/preview-link';
import { PreviewTreeItem } from '../previews/preview-tree';
import type { PreviewsFeature } from '../previews/previews-feature';
import { fixPrompt, previewKeyOf, statusWord, type TrackedPreview } from '../previews/tracked-preview';
import type { CommandDeps } from './deps';
import type { PreviewActionId } from './later-command-ids';
import type { CommandHandlers } from './on-first-use';
import type { DraftRequest } from './compose-commands';
import { pickOne, showInfo, showWarning } from '../editor/say';

/** The preview a command is about: a tree row, a key, or one the writer picks. */
export async function previewFor(
  previews: PreviewsFeature,
  arg: unknown,
  fits: (p: TrackedPreview) => boolean,
): Promise<TrackedPreview | undefined> {
  if (arg instanceof PreviewTreeItem) return previews.store.get(previewKeyOf(arg.preview)) ?? arg.preview;
  if (typeof arg === 'string') return previews.store.get(arg);
  const candidates = previews.store.all().filter(fits);
  if (candidates.length <= 1) return candidates[0];
  const picked = await pickOne(
    candidates.map((preview) => ({ label: previews.nameOf(preview), description: statusWord(preview), preview })),
    { placeHolder: l10n.t('Which preview?') },
  );
  return picked?.preview;
}

const isReady = (preview: TrackedPreview): boolean => preview.status === 'success';

/** The page's address in the preview, once the address passed the check; else says why not. A change's page not found is said. */
function pageAddress(previews: PreviewsFeature, preview: TrackedPreview): string | undefined {
  const link = checkPreviewUrl(preview.previewUrl);
  if ('refused' in link) {
    void showWarning(l10n.t('The preview of {0} is not opened: {1}.', preview.branch, link.refused));
    return undefined;
  }
  const note = homePageNote(preview, previews.nameOf(preview));
  if (note) void showInfo(note);
  return previewPageUrl(link.url, preview.pagePath);
}

async function openInEditor(previews: PreviewsFeature, arg: unknown): Promise<string | undefined> {
  const preview = await previewFor(previews, arg, isReady);
  const address = preview && pageAddress(previews, preview);
  if (!address) return undefined;
  await vscode.commands.executeCommand('simpleBrowser.api.open', vscode.Uri.parse(address, true), {
    viewColumn: vscode.ViewColumn.Beside,
    preserveFocus: true,
  });
  return address;
}

async function openInBrowser(previews: PreviewsFeature, arg: unknown): Promise<string | undefined> {
  const preview = await previewFor(previews, arg, isReady);
  const address = preview && pageAddress(previews, preview);
  if (address) await vscode.env.openExternal(vscode.Uri.parse(address, true));
  return address;
}

async function showBuildLog(previews: PreviewsFeature, arg: unknown): Promise<vscode.TextDocument | undefined> {
  const preview = await previewFor(previews, arg, (p) => p.logs.length > 0 || p.status === 'failure');
  if (!preview) return undefined;
  const document = await vscode.workspace.openTextDocument(buildLogUri(previewKeyOf(preview), preview));
  await vscode.window.showTextDocument(document, { preview: true });
  return document;
}

/**
 * Opens a follow-up draft to the preview's job, with the failing lines quoted, which the writer
 * reads, edits and sends from the composer (sending there is the confirmation).
 */
async function askAgentToFix(deps: CommandDeps, previews: PreviewsFeature, arg: unknown): Promise<unknown> {
  const preview = await previewFor(previews, arg, (p) => p.status === 'failure' && !!p.jobId);
  const job = preview && deps.tracker.jobs().find((j) => j.id === preview.jobId && j.projectId === preview.projectId);
  if (!preview || !job) return undefined;
  const draft: DraftRequest = {
    fix: jobKeyOf(job),
    title: l10n.t('Fix the build of {0}', previews.nameOf(preview)),
    text: fixPrompt(preview),
  };
  return vscode.commands.executeCommand(commandIds.askAgent, draft);
}

export function previewActions(deps: CommandDeps, previews: PreviewsFeature): CommandHandlers<PreviewActionId> {
  return {
    [commandIds.openPreview]: (arg: unknown) => openInEditor(previews, arg),
    [commandIds.openPreviewInBrowser]: (arg: unknown) => openInBrowser(previews, arg),
    [commandIds.showBuildLog]: (arg: unknown) => showBuildLog(previews, arg),
    [commandIds.fixPreviewBuild]: (arg: unknown) => askAgentToFix(deps, previews, arg),
  };
}
