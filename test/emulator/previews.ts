// Preview deployments: one preview site per project and branch, and a new deployment (status
// id) each time one is asked for. A deployment is queued for `queuedMs`, builds for `buildMs`
// of emulator time (unref'd timers; `advance` jumps), then its build decides: success, or
// failure on a broken link (preview-build.ts). A site serves its newest successful deployment.
import { createHash } from 'node:crypto';
import { REPOSITORY } from './agent-jobs';
import type { EmulatorClock } from './clock';
import { armAt } from './due-timer';
import type { BranchCommit, GitSide } from './git-side';
import { type BuildOutcome, runBuild } from './preview-build';
import { hex, type Rng, stream } from './prng';
import { diskSnapshot, gitSnapshot, type SiteSnapshot } from './site-snapshot';
import { controlPreview, deploymentWire } from './preview-wire';
import type { ControlPreview, DeploymentPhase, DeploymentWire } from './types';

/** Preview sites live at `<baseUrl>/__preview/<subdomain>`, on the emulator's own server. */
export const PREVIEW_PREFIX = '__preview';

/** One deployment, as the store keeps it (preview-wire.ts shapes it for answers). */
export interface Deployment {
  statusId: string;
  projectId: string;
  branch: string;
  subdomain: string;
  commit: BranchCommit;
  snapshot: () => SiteSnapshot;
  createdAt: number;
  startsAt: number;
  endsAt: number;
  endedAt: number | null;
  phase: DeploymentPhase;
  logs: string[];
  summary: string;
  cancelTimer: (() => void) | null;
}

/** What a preview site shows: the branch's newest successful build, if any, and the newest state. */
export interface PreviewSite {
  branch: string;
  live: SiteSnapshot | undefined;
  latest: DeploymentPhase;
}

export interface PreviewStoreOptions {
  seed: number;
  queuedMs: number;
  buildMs: number;
  clock: EmulatorClock;
  /** The repository branches are read from; without one, the fixture folder stands for every branch. */
  git: () => GitSide | undefined;
  docsDir: string;
  baseUrl: () => string;
}

function once<T>(build: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= build());
}

const slug = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);

export class PreviewStore {
  private readonly deployments = new Map<string, Deployment>();
  private readonly plans = new Map<string, boolean>();
  /** `projectId \n branch` -> subdomain, and the subdomains taken. */
  private readonly subdomains = new Map<string, string>();
  private readonly taken = new Set<string>();
  private readonly idRng: Rng;

  constructor(private readonly options: PreviewStoreOptions) {
    this.idRng = stream(options.seed, 'preview-ids');
  }

  /** Plans allow previews unless a test said otherwise (`POST /__emulator/plan`). */
  allowsPreviews(projectId: string): boolean {
    return this.plans.get(projectId) ?? true;
  }

  setPlan(projectId: string, previews: boolean): void {
    this.plans.set(projectId, previews);
  }

  /** The branch's tip, or undefined when the repository has no such branch. */
  locate(branch: string): BranchCommit | undefined {
    const git = this.options.git();
    if (git) return git.branchCommit(branch);
    const sha = createHash('sha1').update(`fixture:${branch}`).digest('hex');
    return { sha, message: 'The docs site', author: 'Docs Writer' };
  }

  /** A new deployment of the branch's site (made on first use): `{statusId, previewUrl}`. */
  trigger(projectId: string, branch: string, commit: BranchCommit): { statusId: string; previewUrl: string } {
    const { clock, queuedMs, buildMs, docsDir } = this.options;
    let statusId = hex(this.idRng, 24);
    while (this.deployments.has(statusId)) statusId = hex(this.idRng, 24);
    const git = this.options.git();
    const now = clock.now();
    const deployment: Deployment = {
      statusId,
      projectId,
      branch,
      subdomain: this.subdomainOf(projectId, branch),
      commit,
      snapshot: once(() => (git ? gitSnapshot(git, commit.sha) : diskSnapshot(docsDir))),
      createdAt: now,
      startsAt: now + queuedMs,
      endsAt: now + queuedMs + buildMs,
      endedAt: null,
      phase: 'queued',
      logs: [],
      summary: 'Preview deployment queued',
      cancelTimer: null,
    };
    this.deployments.set(statusId, deployment);
    this.arm(deployment);
    return { statusId, previewUrl: this.previewUrl(deployment.subdomain) };
  }

  status(statusId: string): DeploymentWire | undefined {
    const d = this.deployments.get(statusId);
    if (d) this.settle(d);
    return d && deploymentWire(d, this.previewUrl(d.subdomain));
  }

  /** Ends a deployment now: the build's own verdict, or the one given. An ended one stays as it is. */
  finish(statusId: string, forced?: 'success' | 'failure'): ControlPreview | undefined {
    const d = this.deployments.get(statusId);
    if (!d) return undefined;
    this.settle(d);
    if (d.endedAt === null) {
      if (d.phase === 'queued') this.start(d);
      this.end(d, this.options.clock.now(), forced);
    }
    return controlPreview(d, this.previewUrl(d.subdomain));
  }

  /** After the clock moved: every step now due, in time order. Returns the ids that ended. */
  advance(): string[] {
    const ended = [...this.deployments.values()]
      .filter((d) => d.endedAt === null)
      .sort((a, b) => a.endsAt - b.endsAt)
      .filter((d) => this.settle(d));
    // Timers count wall time; the rest are now due sooner.
    for (const d of this.deployments.values()) this.arm(d);
    return ended.map((d) => d.statusId);
  }

  site(subdomain: string): PreviewSite | undefined {
    const all = [...this.deployments.values()].filter((d) => d.subdomain === subdomain);
    const latest = all[all.length - 1];
    if (!latest) return undefined;
    for (const d of all) this.settle(d);
    const live = all.filter((d) => d.phase === 'success').pop();
    return { branch: latest.branch, live: live?.snapshot(), latest: latest.phase };
  }

  list(): ControlPreview[] {
    return [...this.deployments.values()].map((d) => {
      this.settle(d);
      return controlPreview(d, this.previewUrl(d.subdomain));
    });
  }

  reset(): void {
    for (const d of this.deployments.values()) d.cancelTimer?.();
    this.deployments.clear();
    this.plans.clear();
    this.subdomains.clear();
    this.taken.clear();
  }

  close(): void {
    this.reset();
  }

  previewUrl(subdomain: string): string {
    return `${this.options.baseUrl()}/${PREVIEW_PREFIX}/${subdomain}`;
  }

  /** `acme-docs-<branch slug>`; a second branch with the same slug gets `-2`, and so on. */
  private subdomainOf(projectId: string, branch: string): string {
    const key = `${projectId}\n${branch}`;
    const known = this.subdomains.get(key);
    if (known) return known;
    const base = slug(`${projectId}-${branch}`) || 'preview';
    let subdomain = base;
    for (let n = 2; this.taken.has(subdomain); n++) subdomain = `${base}-${n}`;
    this.subdomains.set(key, subdomain);
    this.taken.add(subdomain);
    return subdomain;
  }

  /** Takes every step whose time has come; true when the deployment ended just now. */
  private settle(d: Deployment): boolean {
    const now = this.options.clock.now();
    if (d.phase === 'queued' && now >= d.startsAt) this.start(d);
    if (d.phase !== 'in_progress' || now < d.endsAt) return false;
    this.end(d, d.endsAt);
    return true;
  }

  private start(d: Deployment): void {
    const repository = REPOSITORY.replace(/^https:\/\/github\.com\//, '');
    d.phase = 'in_progress';
    d.logs.push(`Cloning ${repository} at ${d.commit.sha.slice(0, 7)} (${d.branch})`, 'Installing dependencies');
    d.summary = `Building the preview of ${d.branch}`;
  }

  private end(d: Deployment, at: number, forced?: 'success' | 'failure'): void {
    let outcome: BuildOutcome;
    try {
      outcome = runBuild(d.snapshot(), this.previewUrl(d.subdomain), forced);
    } catch (error) {
      // Builds end in timers: a git failure must not take the emulator (or a test) down.
      process.stderr.write(`emulator: could not build ${d.statusId}: ${String(error)}\n`);
      outcome = { ok: false, lines: ['✗ Could not read the repository'], summary: 'Build failed: could not read the repository' };
    }
    d.phase = outcome.ok ? 'success' : 'failure';
    d.logs.push(...outcome.lines);
    d.summary = outcome.summary;
    d.endedAt = at;
    d.cancelTimer?.();
    d.cancelTimer = null;
  }

  private arm(d: Deployment): void {
    d.cancelTimer?.();
    const due = d.phase === 'queued' ? d.startsAt : d.endsAt;
    d.cancelTimer =
      d.endedAt !== null
        ? null
        : armAt(this.options.clock, due, () => {
            this.settle(d);
            this.arm(d);
          });
  }
}
