// How one followed preview is kept on disk (version 1): a file per branch of a project holding
// the record. Storage outlives versions and may be damaged, so every read is checked; what
// cannot be read is left alone, never rewritten.
import { knownDeploymentStatuses, type DeploymentStatus } from '../api/types';
import { isRecord } from '../platform/checks';
import { maxStoredLogLines, type TrackedPreview } from './tracked-preview';

export interface PreviewFile {
  key: string;
  preview: TrackedPreview;
}

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const nullableStr = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const count = (value: unknown): number | undefined =>
  Number.isSafeInteger(value) && (value as number) >= 0 ? (value as number) : undefined;
const statusOf = (value: unknown): DeploymentStatus | undefined =>
  value === 'unknown' || (knownDeploymentStatuses as readonly unknown[]).includes(value) ? (value as DeploymentStatus) : undefined;

function readPreview(value: unknown): TrackedPreview | undefined {
  if (!isRecord(value)) return undefined;
  const [baseUrl, projectId, branch, statusId, startedAt, changedAt] = [
    value.baseUrl,
    value.projectId,
    value.branch,
    value.statusId,
    value.startedAt,
    value.changedAt,
  ].map(str);
  const status = statusOf(value.status);
  const round = count(value.round);
  if (!baseUrl || !projectId || !branch || !statusId || !startedAt || !changedAt || !status || round === undefined) return undefined;
  const preview: TrackedPreview = {
    baseUrl,
    projectId,
    branch,
    statusId,
    previewUrl: nullableStr(value.previewUrl),
    status,
    rawStatus: str(value.rawStatus) ?? status,
    summary: nullableStr(value.summary),
    logs: Array.isArray(value.logs) ? value.logs.filter((line): line is string => typeof line === 'string') : [],
    startedAt,
    endedAt: nullableStr(value.endedAt),
    changedAt,
    round,
  };
  const optional = { jobId: str(value.jobId), pagePath: str(value.pagePath), checkError: str(value.checkError) };
  for (const [name, text] of Object.entries(optional)) if (text) Object.assign(preview, { [name]: text });
  const announcedRound = count(value.announcedRound);
  if (announcedRound !== undefined) preview.announcedRound = announcedRound;
  if (value.notFound === true) preview.notFound = true;
  return preview;
}

export function parsePreviewFile(value: unknown): PreviewFile | undefined {
  if (!isRecord(value) || value.version !== 1 || !str(value.key)) return undefined;
  const preview = readPreview(value.preview);
  return preview ? { key: value.key as string, preview } : undefined;
}

export function serializePreviewFile(file: PreviewFile): string {
  const logs = file.preview.logs.length > maxStoredLogLines ? file.preview.logs.slice(-maxStoredLogLines) : file.preview.logs;
  return JSON.stringify({ version: 1, key: file.key, preview: { ...file.preview, logs } });
}
