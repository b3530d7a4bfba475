// The local service emulator: a real node:http server on 127.0.0.1 that serves the public
// API of api-notes.md plus the /__emulator/ control routes. This file owns listening,
// dispatch, the request log and fault application; the routes live in their own files.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { JobStore } from './agent-jobs';
import { GitSide } from './git-side';
import { AnalyticsEngine } from './analytics';
import { evaluateAuth } from './auth';
import { EmulatorClock } from './clock';
import { CONTROL_PREFIX, type ControlDeps, handleControl } from './control';
import { FaultRegistry } from './faults';
import { readSitePaths } from './fixture-site';
import { LARGE_SITE_PROJECT_ID, LARGE_SITE_UNHAPPY_PAGE, largeSiteLog } from './large-site-log';
import { BodyTooLargeError, isRecord, parseJson, queryObject, readBody, type Reply, send, splitPath } from './http-util';
import { type EmulatorOptions, resolveOptions } from './options';
import { stream } from './prng';
import { PREVIEW_WINDOW_MS } from './deployments-api';
import { servePreview } from './preview-site';
import { PREVIEW_PREFIX, PreviewStore } from './previews';
import { ORGANISATION, PublicApi, type PublicApiDeps } from './public-api';
import { SlidingWindowLimiter } from './rate-limit';
import { RequestLog } from './request-log';
import type { ActiveFault, KeyState, RequestRecord } from './types';
import { fixtureLog, LOG_DAYS, syntheticLog, type VisitLog } from './visit-log';
import { type SignalData, signalData } from './signal-data';

export type { EmulatorOptions } from './options';

export interface RunningEmulator {
  baseUrl: string;
  port: number;
  projectId: string;
  syntheticProjectId: string;
  key: string;
  /** Commits jobs' changes to this bare repository, and builds previews from it, from now on (see git-side.ts). */
  useGitRemote(remote: string): void;
  /** Stops listening and ends hung responses and open sockets, so tests never hang. */
  close(): Promise<void>;
}

/** Each project's reader signals, from its log's pages and days, built on first use: the fixture's curated, the large ones at scale. */
function projectSignals(logs: ReadonlyMap<string, () => VisitLog>, seed: number, fixtureId: string): PublicApiDeps['signals'] {
  const built = new Map<string, SignalData>();
  return (projectId) => {
    const log = logs.get(projectId)?.();
    if (!log) return undefined;
    let data = built.get(projectId);
    if (!data) {
      const fixture = projectId === fixtureId;
      const scale = fixture ? { feedback: 120, searches: 40, turns: 60 } : { feedback: 2_000, searches: 5_000, turns: 3_000 };
      const unhappy = fixture ? '/guides/webhooks' : projectId === LARGE_SITE_PROJECT_ID ? LARGE_SITE_UNHAPPY_PAGE : undefined;
      data = signalData(stream(seed, `signals-${projectId}`), log.paths, [log.firstDay, log.firstDay + LOG_DAYS - 1], scale, unhappy);
      built.set(projectId, data);
    }
    return { data, log };
  };
}

function memo<T>(build: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= build());
}

/** The `schema` fault: the real reply minus some top-level fields (default: one required). */
function stripFields(reply: Reply, omit: readonly string[] | undefined): Reply {
  if (!isRecord(reply.body)) return reply;
  const fields = omit ?? [['status', 'hasMore', 'statusId', 'error'].find((f) => isRecord(reply.body) && f in reply.body) ?? ''];
  const body = { ...reply.body };
  for (const field of fields) delete body[field];
  return { ...reply, body };
}

function faultReply(fault: ActiveFault, decodedPath: string): Reply | null {
  if (fault.kind === 'malformed') {
    // Claims JSON, is not: the client's parser has to cope, not just its status checks.
    return { status: 200, body: '{"id": "job_trunc', headers: { 'content-type': 'application/json; charset=utf-8' } };
  }
  if (fault.kind !== 'status') return null;
  const headers: Record<string, string> = fault.retryAfter === undefined ? {} : { 'retry-after': fault.retryAfter };
  if (typeof fault.body === 'string') {
    return { status: fault.status, body: fault.body, headers: { ...headers, 'content-type': 'text/plain; charset=utf-8' } };
  }
  const analytics = decodedPath.includes('/analytics/');
  const body = fault.body ?? { error: 'Injected fault', ...(analytics ? { details: [{ message: 'Injected fault' }] } : {}) };
  return { status: fault.status, body, headers };
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const opts = resolveOptions(options);
  const sitePaths = readSitePaths(opts.fixtureDocsDir);
  const logs = new Map<string, () => VisitLog>([
    [opts.projectId, memo(() => fixtureLog(stream(opts.seed, 'fixture-log'), sitePaths, opts.todayDay))],
    [opts.syntheticProjectId, memo(() => syntheticLog(stream(opts.seed, 'synthetic-log'), opts.todayDay))],
    [LARGE_SITE_PROJECT_ID, memo(() => largeSiteLog(stream(opts.seed, 'large-site-log'), opts.todayDay))],
  ]);
  const clock = new EmulatorClock();
  const now = (): number => clock.now();
  let git = opts.gitRemote ? new GitSide(opts.gitRemote) : undefined;
  let baseUrl = '';
  const jobs = new JobStore({ seed: opts.seed, idSeries: opts.jobIdSeries, minMs: opts.jobMinMs, maxMs: opts.jobMaxMs, clock, git });
  const previews = new PreviewStore({
    seed: opts.seed,
    queuedMs: opts.previewQueuedMs,
    buildMs: opts.previewBuildMs,
    clock,
    git: () => git,
    docsDir: opts.fixtureDocsDir,
    baseUrl: () => baseUrl,
  });
  const agentLimiter = new SlidingWindowLimiter(opts.agentLimitPerHour, now);
  const analyticsLimiter = new SlidingWindowLimiter(opts.analyticsLimitPerHour, now);
  const previewLimiter = new SlidingWindowLimiter(opts.previewLimitPerMinute, now, PREVIEW_WINDOW_MS);
  const analytics = new AnalyticsEngine(logs);
  const signals = projectSignals(logs, opts.seed, opts.projectId);
  const api = new PublicApi({ jobs, analytics, agentLimiter, analyticsLimiter, previews, previewLimiter, signals });
  const faults = new FaultRegistry();
  const log = new RequestLog();
  let keyState: KeyState = 'valid';
  // Responses held open by `hang`, and cancellers of `latency` waits: ended on reset/close.
  const hung = new Set<ServerResponse>();
  const waits = new Set<() => void>();
  const sockets = new Set<Socket>();

  const endHung = (): void => {
    for (const res of hung) res.destroy();
    hung.clear();
  };
  const wait = (ms: number): Promise<boolean> =>
    new Promise((resolve) => {
      const cancel = (): void => {
        clearTimeout(timer);
        waits.delete(cancel);
        resolve(false);
      };
      const timer = setTimeout(() => {
        waits.delete(cancel);
        resolve(true);
      }, ms);
      waits.add(cancel);
    });

  const control: ControlDeps = {
    info: () => ({ baseUrl, projectId: opts.projectId, syntheticProjectId: opts.syntheticProjectId, key: opts.key, today: opts.today }),
    reset: () => {
      jobs.reset();
      previews.reset();
      faults.clear();
      log.clear();
      agentLimiter.reset();
      analyticsLimiter.reset();
      previewLimiter.reset();
      keyState = 'valid';
      endHung();
    },
    log,
    faults,
    jobs,
    previews,
    hasProject: (projectId) => analytics.hasProject(projectId),
    keyState: () => keyState,
    setKeyState: (state) => {
      keyState = state;
    },
    visits: (projectId) => logs.get(projectId)?.().toVisits(),
    signals: (projectId) => signals(projectId)?.data,
    usage: () => ({
      agentUses: Object.fromEntries([opts.projectId, opts.syntheticProjectId].map((p) => [p, agentLimiter.count(p)])),
      analyticsRequests: analyticsLimiter.count(ORGANISATION),
      previewRequests: previewLimiter.count(ORGANISATION),
    }),
    now,
  };

  async function handlePublic(req: IncomingMessage, res: ServerResponse, rawPath: string, params: URLSearchParams): Promise<void> {
    const method = req.method ?? 'GET';
    const header = (name: string): string | null => {
      const value = req.headers[name];
      return typeof value === 'string' ? value : null;
    };
    const record: RequestRecord = log.push({
      method,
      path: rawPath,
      query: queryObject(params),
      body: null,
      userAgent: header('user-agent'),
      contentType: header('content-type'),
      auth: evaluateAuth(req.headers.authorization, opts.key, keyState),
      status: null,
      fault: null,
      time: new Date().toISOString(),
    });
    const reply = (r: Reply): void => {
      if (!send(res, r)) return;
      record.status = r.status;
      if (!opts.quiet) console.log(`${method} ${rawPath} -> ${r.status}${record.fault ? ` (fault: ${record.fault})` : ''}`);
    };
    let text: string;
    try {
      text = await readBody(req);
    } catch (e: unknown) {
      if (e instanceof BodyTooLargeError) reply({ status: 413, body: { error: e.message } });
      else res.destroy();
      return;
    }
    const body = parseJson(text);
    record.body = body.ok ? body.value : null;
    const segments = splitPath(rawPath);
    const decodedPath = segments ? segments.join('/') : rawPath;
    const fault = faults.take(method, decodedPath);
    record.fault = fault?.kind ?? null;
    if (fault?.kind === 'drop') {
      res.socket?.destroy();
      return;
    }
    if (fault?.kind === 'hang') {
      hung.add(res);
      res.on('close', () => hung.delete(res));
      return;
    }
    const injected = fault ? faultReply(fault, decodedPath) : null;
    if (injected) return reply(injected);
    if (fault?.kind === 'latency' && !(await wait(fault.ms))) {
      res.destroy();
      return;
    }
    if (!segments) return reply({ status: 400, body: { error: 'Malformed percent-encoding in the request path' } });
    // Auth is re-read after a latency wait, in case a test revoked the key meanwhile.
    record.auth = evaluateAuth(req.headers.authorization, opts.key, keyState);
    if (fault?.kind === 'shift') {
      const offset = Number(params.get('offset') ?? '0');
      if (Number.isFinite(offset)) params.set('offset', String(Math.max(0, offset - fault.rows)));
    }
    const result = api.handle({ method, segments, params, body, auth: record.auth });
    if (fault?.kind === 'lost') {
      res.socket?.destroy();
      return;
    }
    reply(fault?.kind === 'schema' ? stripFields(result, fault.omit) : result);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = req.url ?? '/';
    const q = raw.indexOf('?');
    const rawPath = q < 0 ? raw : raw.slice(0, q);
    const params = new URLSearchParams(q < 0 ? '' : raw.slice(q + 1));
    const segments = splitPath(rawPath);
    if (segments && segments[1] === CONTROL_PREFIX) {
      const text = await readBody(req);
      send(res, handleControl(control, req.method ?? 'GET', segments.slice(2), params, parseJson(text)));
      return;
    }
    if (segments && segments[1] === PREVIEW_PREFIX) {
      send(res, servePreview(previews, req.method ?? 'GET', segments.slice(2)));
      return;
    }
    await handlePublic(req, res, rawPath, params);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      if (!opts.quiet) console.error('emulator error:', e);
      send(res, { status: 500, body: { error: 'Internal emulator error' } });
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : opts.port;
  baseUrl = `http://127.0.0.1:${port}`;

  let closing: Promise<void> | undefined;
  const close = (): Promise<void> =>
    (closing ??= new Promise<void>((resolve) => {
      jobs.close();
      previews.close();
      for (const cancel of [...waits]) cancel();
      endHung();
      server.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    }));

  const useGitRemote = (remote: string): void => {
    git = new GitSide(remote);
    jobs.useGit(git);
  };
  return { baseUrl, port, projectId: opts.projectId, syntheticProjectId: opts.syntheticProjectId, key: opts.key, useGitRemote, close };
}
