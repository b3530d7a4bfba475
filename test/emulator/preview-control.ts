// The /__emulator/ routes for preview deployments: list them, end one now, and set whether a
// project's plan has previews. Control routes: no auth, never logged, never faulted.
import { errorReply, isRecord, type Reply } from './http-util';
import type { PreviewStore } from './previews';

export const PREVIEW_CONTROL_ROUTES = ['GET previews', 'POST previews/{statusId}/finish', 'POST plan'];

export interface PreviewControlDeps {
  previews: PreviewStore;
  hasProject(projectId: string): boolean;
}

function finish(deps: PreviewControlDeps, statusId: string, body: unknown): Reply {
  const fields = body === null ? {} : body;
  if (!isRecord(fields)) return errorReply(400, 'Body must be an object');
  const { status } = fields;
  if (status !== undefined && status !== 'success' && status !== 'failure') return errorReply(400, 'status must be success or failure');
  const preview = deps.previews.finish(statusId, status);
  return preview ? { status: 200, body: preview } : errorReply(404, 'Deployment not found');
}

function setPlan(deps: PreviewControlDeps, body: unknown): Reply {
  const { projectId, previews } = isRecord(body) ? body : {};
  if (typeof projectId !== 'string' || typeof previews !== 'boolean') {
    return errorReply(400, 'Body must be {projectId: string, previews: boolean}');
  }
  if (!deps.hasProject(projectId)) return errorReply(404, 'Project not found');
  deps.previews.setPlan(projectId, previews);
  return { status: 200, body: { projectId, previews } };
}

/** The reply for a preview control route, or undefined when `parts` names none. */
export function handlePreviewControl(deps: PreviewControlDeps, method: string, parts: string[], body: unknown): Reply | undefined {
  const [first, id = '', action] = parts;
  if (method === 'GET' && parts.length === 1 && first === 'previews') return { status: 200, body: { previews: deps.previews.list() } };
  if (method === 'POST' && parts.length === 3 && first === 'previews' && action === 'finish') return finish(deps, id, body);
  if (method === 'POST' && parts.length === 1 && first === 'plan') return setPlan(deps, body);
  return undefined;
}
