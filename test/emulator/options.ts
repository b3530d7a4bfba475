// Emulator options, their defaults and their checks: one place, shared by startEmulator and
// the command line, so a bad value fails the same clear way in both.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { dayOf, formatDay, parseDay } from './dates';
import { hex, stream } from './prng';

export interface EmulatorOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Same seed => same visit log, key, job ids and job durations (default 1). */
  seed?: number;
  /** 'YYYY-MM-DD', the last day of the visit log (default: the current UTC day). */
  today?: string;
  /** A job finishes a seeded random time in [jobMinMs, jobMaxMs] after it starts. */
  jobMinMs?: number;
  jobMaxMs?: number;
  /**
   * Another series of job ids from the same seed (default 0): emulators started one after another
   * on one machine, whose jobs the extension keeps, deal ids that never repeat.
   */
  jobIdSeries?: number;
  /** A preview deployment waits this long in the queue (default 3000), then builds for previewBuildMs (default 5000). */
  previewQueuedMs?: number;
  previewBuildMs?: number;
  /** Preview triggers per organisation per sliding minute (default 5). */
  previewLimitPerMinute?: number;
  /** Agent uses (create + follow-up) per project per sliding hour (default 100). */
  agentLimitPerHour?: number;
  /** Analytics requests per organisation (all projects) per sliding hour (default 100). */
  analyticsLimitPerHour?: number;
  /** The one valid API key (default 'mint_emu_' + 24 hex digits from the seed). */
  key?: string;
  /** Project served from the fixture docs site (default 'acme-docs'). */
  projectId?: string;
  /** Project with 10,000 synthetic pages (default 'synthetic-10k'). */
  syntheticProjectId?: string;
  /** Docs root whose docs.json navigation lists the fixture project's pages. */
  fixtureDocsDir?: string;
  /** No per-request log lines on stdout. */
  quiet?: boolean;
  /** A bare repository holding the fixture site on `main`: jobs commit their changes to it. */
  gitRemote?: string;
}

export type ResolvedOptions = Required<EmulatorOptions> & { todayDay: number };

function integer(name: string, value: number | undefined, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const v = value ?? fallback;
  if (!Number.isSafeInteger(v) || v < min || v > max) throw new Error(`${name} must be an integer from ${min} to ${max}`);
  return v;
}

/** The fixture site, seen from out/test/emulator/ (compiled) or test/emulator/ (source). */
export function defaultDocsDir(): string {
  const compiled = resolve(__dirname, '../../../test/fixtures/workspace/docs');
  const source = resolve(__dirname, '../fixtures/workspace/docs');
  return existsSync(compiled) ? compiled : source;
}

export function resolveOptions(options: EmulatorOptions = {}): ResolvedOptions {
  const seed = integer('seed', options.seed, 1, 0, 0xffffffff);
  const today = options.today ?? formatDay(dayOf(Date.now()));
  const todayDay = parseDay(today);
  if (todayDay === null) throw new Error(`today must be a real date in YYYY-MM-DD form, not "${today}"`);
  const jobMinMs = integer('jobMinMs', options.jobMinMs, 5000, 0);
  const jobMaxMs = integer('jobMaxMs', options.jobMaxMs, Math.max(30000, jobMinMs), 0);
  if (jobMaxMs < jobMinMs) throw new Error('jobMaxMs must be at least jobMinMs');
  const key = options.key ?? `mint_emu_${hex(stream(seed, 'key'), 24)}`;
  if (!/^\S+$/.test(key)) throw new Error('key must be non-empty and contain no spaces');
  const projectId = options.projectId ?? 'acme-docs';
  const syntheticProjectId = options.syntheticProjectId ?? 'synthetic-10k';
  for (const [name, id] of [
    ['projectId', projectId],
    ['syntheticProjectId', syntheticProjectId],
  ] as const) {
    if (!/^[^/\s]+$/.test(id)) throw new Error(`${name} must be non-empty, without '/' or spaces`);
  }
  if (projectId === syntheticProjectId) throw new Error('projectId and syntheticProjectId must differ');
  return {
    port: integer('port', options.port, 0, 0, 65535),
    seed,
    today,
    todayDay,
    jobMinMs,
    jobMaxMs,
    jobIdSeries: integer('jobIdSeries', options.jobIdSeries, 0, 0),
    agentLimitPerHour: integer('agentLimitPerHour', options.agentLimitPerHour, 100, 0),
    analyticsLimitPerHour: integer('analyticsLimitPerHour', options.analyticsLimitPerHour, 100, 0),
    previewQueuedMs: integer('previewQueuedMs', options.previewQueuedMs, 3000, 0),
    previewBuildMs: integer('previewBuildMs', options.previewBuildMs, 5000, 0),
    previewLimitPerMinute: integer('previewLimitPerMinute', options.previewLimitPerMinute, 5, 0),
    key,
    projectId,
    syntheticProjectId,
    fixtureDocsDir: options.fixtureDocsDir ?? defaultDocsDir(),
    quiet: options.quiet ?? false,
    gitRemote: options.gitRemote ?? '',
  };
}
