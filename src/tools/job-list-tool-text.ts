// What the job list and job record tools say: each followed job as jobStatusText says it, with
// the preview of its branch; one job's record (job-record-entries.ts) with its prompts and
// follow-ups in a fence (they were written for the agent, by the writer or another agent: the
// model that reads them must not take them as its own instructions). Pure, so unit tests check it.
import * as l10n from '@vscode/l10n';
import type { RecordEntry } from '../jobs/job-record-entries';
import type { TrackedJob } from '../jobs/tracked-job';
import { fencedData } from '../platform/data-fence';
import { count, plural } from '../platform/words';
import { checkPreviewUrl, previewPageUrl } from '../previews/preview-link';
import { statusWord, type TrackedPreview } from '../previews/tracked-preview';
import { jobStatusText } from './job-tool-text';
import { previewStatusText } from './preview-tool-text';

/** A followed job with the preview of its branch, when one was started. */
export interface ListedJob {
  job: TrackedJob;
  preview?: TrackedPreview;
}

/** "Preview: ready, https://…" in one line: the list's short form. */
function previewLine(preview: TrackedPreview | undefined): string {
  if (!preview) return l10n.t('Preview: none started');
  const link = checkPreviewUrl(preview.previewUrl);
  const address = 'url' in link ? previewPageUrl(link.url, preview.pagePath) : l10n.t('not opened ({0})', link.refused);
  return l10n.t('Preview: {0}, {1}', statusWord(preview), address);
}

/** "3 followed Docs Agent jobs, newest first (as last checked):". */
export function followedJobsHead(jobs: number): string {
  return plural(
    jobs,
    l10n.t('{0} followed Docs Agent job, newest first (as last checked):', count(jobs)),
    l10n.t('{0} followed Docs Agent jobs, newest first (as last checked):', count(jobs)),
  );
}

/** Every followed job, newest first; `project` when the list is one project's. */
export function jobListText(jobs: readonly ListedJob[], now: number, allowedHosts: readonly string[], project?: string): string {
  if (!jobs.length)
    return project === undefined
      ? l10n.t('No Docs Agent jobs are followed on this machine for the projects open in the editor.')
      : l10n.t('No Docs Agent jobs of project {0} are followed on this machine.', project);
  return [
    followedJobsHead(jobs.length),
    // The preview's address is the service's: inside the job's fence.
    ...jobs.map(({ job, preview }) => jobStatusText(job, now, allowedHosts, [previewLine(preview)])),
  ].join('\n\n');
}

/** A record entry's lines: when, what, and the whole text behind it (a prompt's every line). */
function entryLines(entry: RecordEntry): string[] {
  const head = entry.at === undefined ? entry.label : `${entry.at} ${entry.label}`;
  const text = entry.text === undefined || entry.text === entry.label ? [] : entry.text.split(/\r\n|[\n\r]/).map((line) => `  ${line}`);
  return [head, ...text];
}

/** One job's record: its state, its preview, then what was sent and seen, oldest first. */
export function jobRecordText(
  listed: ListedJob,
  record: readonly RecordEntry[],
  nameOfPreview: (preview: TrackedPreview) => string,
  now: number,
  allowedHosts: readonly string[],
): string {
  const { job, preview } = listed;
  const parts = [
    jobStatusText(job, now, allowedHosts),
    preview ? previewStatusText(preview, nameOfPreview(preview), now) : l10n.t('Preview: none started'),
  ];
  parts.push(
    record.length
      ? `${l10n.t('The job’s record, oldest first:')}\n${fencedData('jobRecord', record.flatMap(entryLines))}`
      : l10n.t('The job’s record is empty: it was followed by its ID, so this machine never saw its prompt.'),
  );
  return parts.join('\n\n');
}
