// The preview routes of api-notes.md, after route shape and auth (public-api.ts): trigger a
// preview of a branch (project 404, plan 403, body and branch 400, the organisation's 5 a
// minute 429, then 202) and read a deployment's status (404 for an unknown id).
import { errorReply as error, isRecord, type JsonBody, type Reply } from './http-util';
import type { PreviewStore } from './previews';
import type { SlidingWindowLimiter } from './rate-limit';

export const PREVIEW_WINDOW_MS = 60_000;

export interface DeploymentsDeps {
  previews: PreviewStore;
  /** Organisation-wide: previews of every project share it. */
  previewLimiter: SlidingWindowLimiter;
  hasProject(projectId: string): boolean;
}

function branchOf(body: JsonBody): string | Reply {
  if (!body.ok) return error(400, 'Request body must be valid JSON');
  const branch = isRecord(body.value) ? body.value.branch : undefined;
  if (typeof branch !== 'string' || branch.trim() === '') return error(400, 'branch is required and must be a non-empty string');
  return branch;
}

export function triggerPreview(deps: DeploymentsDeps, projectId: string, body: JsonBody, bucket: string): Reply {
  const { previews, previewLimiter } = deps;
  if (!deps.hasProject(projectId)) return error(404, 'Project not found');
  if (!previews.allowsPreviews(projectId)) return error(403, 'Preview deployments are not available on your current plan.');
  const branch = branchOf(body);
  if (typeof branch !== 'string') return branch;
  const commit = previews.locate(branch);
  if (!commit) return error(400, `Branch ${branch} was not found in the repository.`);
  // Counted only once accepted, like agent uses.
  const admission = previewLimiter.take(bucket);
  if (!admission.ok) return error(429, 'Rate limit exceeded', { 'retry-after': String(admission.retryAfterSeconds) });
  return { status: 202, body: previews.trigger(projectId, branch, commit) };
}

export function deploymentStatus(deps: DeploymentsDeps, statusId: string): Reply {
  const state = deps.previews.status(statusId);
  return state ? { status: 200, body: state } : error(404, 'Deployment status not found');
}
