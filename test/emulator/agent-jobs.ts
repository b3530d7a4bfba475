// Agent jobs: created `active`, finished on a seeded schedule by unref'd timers (or at once
// by the control routes), re-activated by follow-ups. The prompt decides the outcome so a
// test can ask for the case it needs: `[fail]`, `[no-change]` / "no changes", `[push]` (the
// platform's push-to-branch setting: the agent commits straight to `main`, no PR), or a PR.
// With a git side, every change is a real commit in the job's repository (`[broken-link]`
// adds a link to a missing page to it, for a preview build that fails).
import type { EmulatorClock } from './clock';
import { armAt } from './due-timer';
import type { GitSide, MergeHow } from './git-side';
import { hex, intBetween, type Rng, stream } from './prng';
import type { ControlJob, JobWire } from './types';

export const REPOSITORY = 'https://github.com/acme/docs';
export const MODEL = 'claude-sonnet-4-5';

type Outcome = 'failed' | 'no-change' | 'pr' | 'push';

/** The branch a push-to-branch job commits to. */
export const PUSH_BRANCH = 'main';

export function plannedOutcome(prompt: string): Outcome {
  if (/\[fail\]/i.test(prompt)) return 'failed';
  if (/\[no-change\]/i.test(prompt) || /\bno changes?\b/i.test(prompt)) return 'no-change';
  if (/\[push\]/i.test(prompt)) return 'push';
  return 'pr';
}

interface Entry {
  projectId: string;
  job: JobWire;
  /** Fields forced by the control `set` route, sent on top of `job` until changed again. */
  overrides: Record<string, unknown>;
  prompts: string[];
  planned: Outcome;
  dueAt: number | null;
  cancelTimer: (() => void) | null;
  /** The pull request's number once one is opened. */
  prNumber: number | null;
  /** The last change the git side committed for this job. */
  edit: ControlJob['edit'];
}

export interface JobStoreOptions {
  seed: number;
  /** Which series of ids (0: the seed's own). */
  idSeries?: number;
  minMs: number;
  maxMs: number;
  clock: EmulatorClock;
  /** Commits each change to a real repository; without it, jobs only say they changed files. */
  git?: GitSide | undefined;
}

export class JobStore {
  private readonly entries = new Map<string, Entry>();
  private readonly idRng: Rng;
  private readonly durationRng: Rng;
  // Ids and PR numbers keep counting across resets, so an id a client remembers from before
  // a reset can never come back as a different job.
  private nextPr = 1;

  constructor(private readonly options: JobStoreOptions) {
    this.idRng = stream(options.seed, options.idSeries ? `job-ids ${options.idSeries}` : 'job-ids');
    this.durationRng = stream(options.seed, 'job-durations');
  }

  create(projectId: string, prompt: string): JobWire {
    let hexId = hex(this.idRng, 16);
    while (this.entries.has(`job_${hexId}`)) hexId = hex(this.idRng, 16);
    const id = `job_${hexId}`;
    const now = this.options.clock.now();
    const job: JobWire = {
      id,
      status: 'active',
      source: { repository: REPOSITORY, ref: plannedOutcome(prompt) === 'push' ? PUSH_BRANCH : `docs-agent/${hexId.slice(0, 8)}` },
      model: MODEL,
      prLink: null,
      createdAt: new Date(now).toISOString(),
      archivedAt: null,
    };
    const entry: Entry = {
      projectId,
      job,
      overrides: {},
      prompts: [prompt],
      planned: plannedOutcome(prompt),
      dueAt: null,
      cancelTimer: null,
      prNumber: null,
      edit: null,
    };
    this.entries.set(id, entry);
    this.startRun(entry, now);
    return this.wire(entry);
  }

  get(projectId: string, id: string): JobWire | undefined {
    const entry = this.entries.get(id);
    return entry && entry.projectId === projectId ? this.wire(entry) : undefined;
  }

  has(projectId: string, id: string): boolean {
    return this.entries.get(id)?.projectId === projectId;
  }

  /** A follow-up: the job becomes `active` again and the new prompt decides the outcome. */
  followUp(projectId: string, id: string, prompt: string): JobWire | undefined {
    const entry = this.entries.get(id);
    if (!entry || entry.projectId !== projectId) return undefined;
    entry.prompts.push(prompt);
    entry.planned = plannedOutcome(prompt);
    this.write(entry, { status: 'active' });
    this.startRun(entry);
    return this.wire(entry);
  }

  /** From now on, changes are committed to this bare repository. */
  useGit(git: GitSide): void {
    this.options.git = git;
  }

  /** Finishes a job now: the planned outcome, or the given status / prLink. */
  finish(id: string, forced: { status?: string; prLink?: string | null } = {}): ControlJob | undefined {
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    this.stop(entry);
    const status = forced.status ?? (entry.planned === 'failed' ? 'failed' : 'completed');
    let prLink = entry.job.prLink;
    if (forced.prLink !== undefined) prLink = forced.prLink;
    // A job that already has a PR keeps it; a new one is opened only for a planned change.
    else if (prLink === null && status === 'completed' && entry.planned === 'pr') {
      entry.prNumber = this.nextPr++;
      prLink = `${REPOSITORY}/pull/${entry.prNumber}`;
    }
    // A link forced by a test has no pull request number here: nothing is committed for it.
    if (status === 'completed') this.commit(entry);
    this.write(entry, { status, prLink });
    return this.control(entry);
  }

  /** The agent's commit: onto its branch and the pull request's head (a follow-up adds to both), or onto the branch pushed to. */
  private commit(entry: Entry): void {
    const git = this.options.git;
    if (!git) return;
    const prompt = entry.prompts[entry.prompts.length - 1] ?? '';
    try {
      if (entry.planned === 'pr' && entry.prNumber !== null) {
        const ref = `refs/pull/${entry.prNumber}/head`;
        entry.edit = git.commitEdit(ref, entry.job.id, prompt, entry.edit ? ref : undefined);
        // The agent pushes its branch and opens the pull request from it: both hold the edit.
        if (entry.job.source.ref) git.pointRef(`refs/heads/${entry.job.source.ref}`, entry.edit.commit);
      } else if (entry.planned === 'push') {
        const ref = `refs/heads/${PUSH_BRANCH}`;
        entry.edit = git.commitEdit(ref, entry.job.id, prompt, ref);
      }
    } catch (error) {
      // Finishing runs in a timer: a git failure must not take the emulator (or a test) down.
      process.stderr.write(`emulator: could not commit ${entry.job.id}'s change: ${String(error)}\n`);
    }
  }

  /**
   * A reviewer merges the job's pull request into `main` at `at`: undefined for an unknown job,
   * a string saying why for a job with no pull request (or no git side).
   */
  merge(id: string, how: MergeHow, at: Date): { main: string } | string | undefined {
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    const git = this.options.git;
    if (!git || entry.prNumber === null || !entry.edit) return 'This job has no pull request to merge';
    const title = (entry.prompts[0] ?? '').split('\n')[0]?.trim().slice(0, 72) || 'Docs agent change';
    return { main: git.mergePull(entry.prNumber, how, at, title) };
  }

  /** Applies fields verbatim (robustness tests) and stops the job's schedule. */
  set(id: string, fields: Record<string, unknown>): ControlJob | undefined {
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    this.stop(entry);
    Object.assign(entry.overrides, fields);
    return this.control(entry);
  }

  /** Moves the clock and finishes, in due order, every job whose time has come. */
  advance(ms: number): string[] {
    this.options.clock.advance(ms);
    const now = this.options.clock.now();
    const due = [...this.entries.values()]
      .filter((e) => e.dueAt !== null && e.dueAt <= now)
      .sort((a, b) => (a.dueAt ?? 0) - (b.dueAt ?? 0));
    for (const entry of due) this.finish(entry.job.id);
    // Timers count wall time; the rest are now due sooner.
    for (const entry of this.entries.values()) if (entry.dueAt !== null) this.arm(entry);
    return due.map((e) => e.job.id);
  }

  list(): ControlJob[] {
    return [...this.entries.values()].map((e) => this.control(e));
  }

  reset(): void {
    for (const entry of this.entries.values()) this.stop(entry);
    this.entries.clear();
  }

  close(): void {
    this.reset();
  }

  private startRun(entry: Entry, from = this.options.clock.now()): void {
    this.stop(entry);
    entry.dueAt = from + intBetween(this.durationRng, this.options.minMs, this.options.maxMs);
    this.arm(entry);
  }

  private arm(entry: Entry): void {
    entry.cancelTimer?.();
    const due = entry.dueAt;
    entry.cancelTimer = due === null ? null : armAt(this.options.clock, due, () => this.finish(entry.job.id));
  }

  private stop(entry: Entry): void {
    entry.cancelTimer?.();
    entry.cancelTimer = null;
    entry.dueAt = null;
  }

  /** Real state changes win over earlier forced values of the same fields. */
  private write(entry: Entry, fields: Partial<Pick<JobWire, 'status' | 'prLink'>>): void {
    Object.assign(entry.job, fields);
    for (const key of Object.keys(fields)) delete entry.overrides[key];
  }

  private wire(entry: Entry): JobWire {
    return structuredClone({ ...entry.job, ...entry.overrides });
  }

  private control(entry: Entry): ControlJob {
    const dueAt = entry.dueAt === null ? null : new Date(entry.dueAt).toISOString();
    return { ...this.wire(entry), projectId: entry.projectId, prompts: [...entry.prompts], dueAt, edit: entry.edit };
  }
}
