// The /__emulator/ routes tests use to steer the emulator: no auth, JSON in and out.
// They are not part of the service, never recorded in the request log, never faulted.
import type { JobStore } from './agent-jobs';
import type { FaultRegistry } from './faults';
import { parseFaultSpec } from './faults';
import { isRecord, type JsonBody, type Reply } from './http-util';
import { handlePreviewControl, PREVIEW_CONTROL_ROUTES, type PreviewControlDeps } from './preview-control';
import type { RequestLog } from './request-log';
import type { SignalData } from './signal-data';
import type { EmulatorInfo, KeyState, Usage, Visit } from './types';

export interface ControlDeps extends PreviewControlDeps {
  info(): EmulatorInfo;
  /** Clears jobs, previews and plans, faults, the request log, rate-limit windows and key state; ends hung requests. */
  reset(): void;
  log: RequestLog;
  faults: FaultRegistry;
  jobs: JobStore;
  keyState(): KeyState;
  setKeyState(state: KeyState): void;
  /** The raw visit log of a project, or undefined for an unknown one. */
  visits(projectId: string): Visit[] | undefined;
  /** The raw reader signals of a project (feedback, searches, assistant turns), or undefined for an unknown one. */
  signals(projectId: string): SignalData | undefined;
  usage(): Usage;
  now(): number;
}

export const CONTROL_PREFIX = '__emulator';

const ROUTES = [
  'GET info',
  'POST reset',
  'GET requests',
  'DELETE requests',
  'GET faults',
  'POST faults',
  'DELETE faults',
  'GET jobs',
  'POST jobs/{id}/finish',
  'POST jobs/{id}/set',
  'POST jobs/{id}/merge',
  'POST advance',
  'GET keys',
  'POST keys',
  'GET visits?projectId=P',
  'GET signals?projectId=P',
  'GET usage',
  ...PREVIEW_CONTROL_ROUTES,
];

const ok = (body: unknown, status = 200): Reply => ({ status, body });
const bad = (message: string, status = 400): Reply => ({ status, body: { error: message } });

/** `segments` are the decoded path segments after `/__emulator`. */
export function handleControl(deps: ControlDeps, method: string, segments: string[], params: URLSearchParams, json: JsonBody): Reply {
  if (!json.ok) return bad('Body must be valid JSON');
  const body = json.value;
  const parts = segments.filter((s) => s !== '');
  const route = `${method} ${parts.join('/')}`;
  const [first, id, action] = parts;
  switch (route) {
    case 'GET ':
      return ok({ routes: ROUTES.map((r) => r.replace(' ', ` /${CONTROL_PREFIX}/`)) });
    case 'GET info':
      return ok(deps.info());
    case 'POST reset':
      deps.reset();
      return ok({ reset: true });
    case 'GET requests':
      return ok({ requests: deps.log.list() });
    case 'DELETE requests':
      deps.log.clear();
      return ok({ cleared: true });
    case 'GET faults':
      return ok({ faults: deps.faults.list() });
    case 'POST faults':
      try {
        return ok({ id: deps.faults.add(parseFaultSpec(body)) }, 201);
      } catch (e: unknown) {
        return bad(e instanceof Error ? e.message : String(e));
      }
    case 'DELETE faults':
      deps.faults.clear();
      return ok({ cleared: true });
    case 'GET jobs':
      return ok({ jobs: deps.jobs.list() });
    case 'POST advance': {
      const ms = isRecord(body) ? body.ms : undefined;
      if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) return bad('ms must be a number of at least 0');
      const finished = deps.jobs.advance(ms);
      const deployments = deps.previews.advance();
      return ok({ now: new Date(deps.now()).toISOString(), finished, deployments });
    }
    case 'GET keys':
      return ok({ state: deps.keyState() });
    case 'POST keys': {
      const state = isRecord(body) ? body.state : undefined;
      if (state !== 'valid' && state !== 'revoked' && state !== 'forbidden') return bad('state must be valid, revoked or forbidden');
      deps.setKeyState(state);
      return ok({ state });
    }
    case 'GET visits': {
      const projectId = params.get('projectId') ?? deps.info().projectId;
      const visits = deps.visits(projectId);
      return visits ? ok({ visits }) : bad('Project not found', 404);
    }
    case 'GET signals': {
      const signals = deps.signals(params.get('projectId') ?? deps.info().projectId);
      // Search hits per day go out as [day, hits] pairs (a Map is not JSON).
      return signals
        ? ok({ ...signals, searches: signals.searches.map((s) => ({ ...s, hitsByDay: [...s.hitsByDay] })) })
        : bad('Project not found', 404);
    }
    case 'GET usage':
      return ok(deps.usage());
  }
  if (method === 'POST' && parts.length === 3 && first === 'jobs' && (action === 'finish' || action === 'set')) {
    return action === 'finish' ? finishJob(deps, id, body) : setJob(deps, id, body);
  }
  if (method === 'POST' && parts.length === 3 && first === 'jobs' && action === 'merge') return mergeJob(deps, id, body);
  const preview = handlePreviewControl(deps, method, parts, body);
  if (preview) return preview;
  return bad(`No control route ${method} /${CONTROL_PREFIX}/${segments.join('/')}`, 404);
}

function finishJob(deps: ControlDeps, id: string, body: unknown): Reply {
  const fields = body === null ? {} : body;
  if (!isRecord(fields)) return bad('Body must be an object');
  const { status, prLink } = fields;
  if (status !== undefined && typeof status !== 'string') return bad('status must be a string');
  if (prLink !== undefined && prLink !== null && typeof prLink !== 'string') return bad('prLink must be a string or null');
  const job = deps.jobs.finish(id, {
    ...(status === undefined ? {} : { status }),
    ...(prLink === undefined ? {} : { prLink }),
  });
  return job ? ok(job) : bad('Job not found', 404);
}

function setJob(deps: ControlDeps, id: string, body: unknown): Reply {
  if (!isRecord(body)) return bad('Body must be an object of job fields');
  const job = deps.jobs.set(id, body);
  return job ? ok(job) : bad('Job not found', 404);
}

/** `{ how: 'merge' | 'squash' | 'rebase', at: ISO date }`: the job's pull request merged into main then. */
function mergeJob(deps: ControlDeps, id: string, body: unknown): Reply {
  const how = isRecord(body) ? body.how : undefined;
  const at = isRecord(body) && typeof body.at === 'string' ? new Date(body.at) : undefined;
  if (how !== 'merge' && how !== 'squash' && how !== 'rebase') return bad('how must be merge, squash or rebase');
  if (!at || Number.isNaN(at.getTime())) return bad('at must be an ISO date');
  const merged = deps.jobs.merge(id, how, at);
  if (merged === undefined) return bad('Job not found', 404);
  return typeof merged === 'string' ? bad(merged, 409) : ok(merged);
}
