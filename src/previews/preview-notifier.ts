// Announces a finished preview once: ready, with the page opened beside the file in the editor's
// browser or in the system browser (the host is named first); failed, with the log's first error
// line, the whole log, and (for an agent's change) a follow-up asking the agent to fix it; lost
// (its status answered 404 for minutes), with Build Again.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { commandIds } from '../platform/manifest-ids';
import { checkPreviewUrl } from './preview-link';
import { elapsedText, firstErrorLine, previewKeyOf, type TrackedPreview } from './tracked-preview';
import { showInfo, showWarning } from '../editor/say';

/** "the agent's change to “Fix the quickstart”" or "branch docs/intro". */
export type PreviewNamer = (preview: TrackedPreview) => string;

/** Its status answered 404 for minutes: Build Again follows a new build. */
async function announceLost(name: string, key: string): Promise<void> {
  const again = l10n.t('Build Again');
  const message = l10n.t({
    message:
      'The preview of {0} is no longer known to the platform: its build status has answered “not found” for 3 minutes. Build it again to follow a new build.',
    args: [name],
    comment: ['{0} names the preview: the agent’s change “Fix the quickstart”, or branch docs/intro'],
  });
  const picked = await showWarning(message, again);
  if (picked === again) await vscode.commands.executeCommand(commandIds.rebuildPreview, key);
}

/** Ready: opened in the editor's browser or the system browser, once the address passed the check. */
async function announceReady(preview: TrackedPreview, name: string, key: string): Promise<void> {
  const link = checkPreviewUrl(preview.previewUrl);
  if ('refused' in link) {
    const message = l10n.t({
      message: 'The preview of {0} is ready, but its address is refused: {1}. It is not opened.',
      args: [name, link.refused],
      comment: [
        '{0} names the preview: the agent’s change “Fix the quickstart”, or branch docs/intro',
        '{1} says why: "the address is http://, which travels in clear"',
      ],
    });
    await showWarning(message);
    return;
  }
  const [open, browser] = [l10n.t('Open Page in Preview'), l10n.t('Open in Browser')];
  const message = l10n.t({
    message: 'The preview of {0} is ready on {1} (built in {2}).',
    args: [name, link.host, elapsedText(preview, Date.now())],
    comment: [
      '{0} names the preview: the agent’s change “Fix the quickstart”, or branch docs/intro',
      '{1} is a host name; {2} how long the build took: "2 min 5 s"',
    ],
  });
  const picked = await showInfo(message, open, browser);
  if (picked === open) await vscode.commands.executeCommand(commandIds.openPreview, key);
  if (picked === browser) await vscode.commands.executeCommand(commandIds.openPreviewInBrowser, key);
}

/** Failed: the log's first error line (outside text, as the service sent it), the whole log, and a fix for a job's change. */
async function announceFailed(preview: TrackedPreview, name: string, key: string): Promise<void> {
  const [log, fix] = [l10n.t('Show Build Log'), l10n.t('Ask the Agent to Fix')];
  const error = firstErrorLine(preview.logs, preview.summary);
  const failed = error
    ? l10n.t({
        message: 'The preview of {0} failed to build: {1}',
        args: [name, error],
        comment: [
          '{0} names the preview: the agent’s change “Fix the quickstart”, or branch docs/intro',
          '{1} is the build log’s first error line',
        ],
      })
    : l10n.t({
        message: 'The preview of {0} failed to build.',
        args: [name],
        comment: ['{0} names the preview: the agent’s change “Fix the quickstart”, or branch docs/intro'],
      });
  const picked = await showWarning(failed, log, ...(preview.jobId ? [fix] : []));
  if (picked === log) await vscode.commands.executeCommand(commandIds.showBuildLog, key);
  if (picked === fix) await vscode.commands.executeCommand(commandIds.fixPreviewBuild, key);
}

export async function announceFinishedPreview(preview: TrackedPreview, nameOf: PreviewNamer): Promise<void> {
  const name = nameOf(preview);
  const key = previewKeyOf(preview);
  if (preview.notFound) await announceLost(name, key);
  else if (preview.status === 'success') await announceReady(preview, name, key);
  else await announceFailed(preview, name, key);
}
