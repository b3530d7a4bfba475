// Announces a finished preview once: ready, with the page opened beside the file in the editor's
// browser or in the system browser (the host is named first); failed, with the log's first error
// line, the whole log, and (for an agent's change) a follow-up asking the agent to fix it; lost
// (its status answered 404 for minutes), with Build Again.
import * as vscode from 'vscode';
import { commandIds } from '../platform/manifest-ids';
import { checkPreviewUrl } from './preview-link';
import { elapsedText, firstErrorLine, previewKeyOf, type TrackedPreview } from './tracked-preview';
import { showInfo, showWarning } from '../editor/say';

/** "the agent's change to “Fix the quickstart”" or "branch docs/intro". */
export type PreviewNamer = (preview: TrackedPreview) => string;

export async function announceFinishedPreview(preview: TrackedPreview, nameOf: PreviewNamer): Promise<void> {
  const what = `The preview of ${nameOf(preview)}`;
  const took = elapsedText(preview, Date.now());
  const key = previewKeyOf(preview);
  if (preview.notFound) {
    const again = 'Build Again';
    const picked = await showWarning(
      `${what} is no longer known to the platform: its build status has answered “not found” for 3 minutes. Build it again to follow a new build.`,
      again,
    );
    if (picked === again) await vscode.commands.executeCommand(commandIds.rebuildPreview, key);
    return;
  }
  if (preview.status === 'success') {
    const link = checkPreviewUrl(preview.previewUrl);
    if ('refused' in link) {
      await showWarning(`${what} is ready, but its address is refused: ${link.refused}. It is not opened.`);
      return;
    }
    const [open, browser] = ['Open Page in Preview', 'Open in Browser'];
    const picked = await showInfo(`${what} is ready on ${link.host} (built in ${took}).`, open, browser);
    if (picked === open) await vscode.commands.executeCommand(commandIds.openPreview, key);
    if (picked === browser) await vscode.commands.executeCommand(commandIds.openPreviewInBrowser, key);
    return;
  }
  const [log, fix] = ['Show Build Log', 'Ask the Agent to Fix'];
  const error = firstErrorLine(preview.logs, preview.summary);
  const picked = await showWarning(`${what} failed to build${error ? `: ${error}` : '.'}`, log, ...(preview.jobId ? [fix] : []));
  if (picked === log) await vscode.commands.executeCommand(commandIds.showBuildLog, key);
  if (picked === fix) await vscode.commands.executeCommand(commandIds.fixPreviewBuild, key);
}
