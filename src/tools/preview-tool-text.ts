// What the preview tool says of a preview: its status in Docs Agent's words; what it is of, its
// branch, address and last failed check as the platform reported them (in a fence it cannot close:
// platform/data-fence.ts); for a failed build, the first error line of its log (fenced too) and how
// to read the rest. Pure, so unit tests check it.
import * as l10n from '@vscode/l10n';
import { fencedData } from '../platform/data-fence';
import { count, plural } from '../platform/words';
import { checkPreviewUrl, previewPageUrl } from '../previews/preview-link';
import { elapsedText, firstErrorLine, statusWord, type TrackedPreview } from '../previews/tracked-preview';

/** "Build log: 40 lines (Docs Agent: Show Preview Build Log)": how long it is, and the command that shows it. */
export function buildLogLine(n: number): string {
  const command = l10n.t({
    message: 'Docs Agent: Show Preview Build Log',
    args: [],
    comment: ['Command Palette title of this extension’s command, as package.nls translates it'],
  });
  return plural(
    n,
    l10n.t({
      message: 'Build log: {0} line ({1})',
      args: [count(n), command],
      comment: ['{1} is the title of the command that shows the log'],
    }),
    l10n.t({
      message: 'Build log: {0} lines ({1})',
      args: [count(n), command],
      comment: ['{1} is the title of the command that shows the log'],
    }),
  );
}

/** What a preview's state reads as, for the model to pass on. */
export function previewStatusText(preview: TrackedPreview, name: string, now: number): string {
  const lines = [
    l10n.t('Preview in project {0}', preview.projectId),
    l10n.t('Status: {0}, {1}', statusWord(preview), elapsedText(preview, now)),
  ];
  const link = checkPreviewUrl(preview.previewUrl);
  const address = 'url' in link ? previewPageUrl(link.url, preview.pagePath) : undefined;
  // The job's title (`name`), the branch, the address and a failed check's error come from elsewhere.
  const reported = [
    l10n.t('Of: {0}', name),
    l10n.t('Branch: {0}', preview.branch),
    address === undefined
      ? l10n.t('Address: not opened ({0})', 'refused' in link ? link.refused : '')
      : preview.status === 'success'
        ? l10n.t('Page: {0}', address)
        : l10n.t('Address when ready: {0}', address),
    ...(preview.checkError ? [l10n.t('Last check failed: {0}', preview.checkError)] : []),
  ];
  lines.push(fencedData('service', reported));
  if (preview.status === 'failure') {
    const error = firstErrorLine(preview.logs, preview.summary);
    // The line is the build's: it goes in a fence it cannot close, after the sentence saying so.
    lines.push(
      ...(error === undefined ? [l10n.t('First error: none given')] : [l10n.t('First error:'), fencedData('buildLog', [error])]),
      buildLogLine(preview.logs.length),
    );
  }
  return lines.join('\n');
}
