// The seeded visit log both analytics projects are computed from. Entries live in typed
// arrays sorted by day, so a date range is one contiguous slice and 150k visits cost a few
// megabytes; `toVisits()` spells them out for tests that compute the truth themselves.
import { formatDay } from './dates';
import { expInt, intBetween, type Rng, shuffle, weightedPicker } from './prng';
import type { Visit, VisitKind } from './types';

export const LOG_DAYS = 180;

export class VisitLog {
  constructor(
    readonly paths: readonly string[],
    /** Day number of the oldest day in the log; the last is firstDay + LOG_DAYS - 1. */
    readonly firstDay: number,
    private readonly visitorPrefix: string,
    readonly visitor: Uint32Array,
    readonly path: Uint32Array,
    /** 0 human, 1 ai. */
    readonly kind: Uint8Array,
    /** Day offsets from firstDay, ascending. */
    readonly day: Uint16Array,
    /** dayStart[d] = index of the first entry on day offset d; length LOG_DAYS + 1. */
    readonly dayStart: Uint32Array,
  ) {}

  get size(): number {
    return this.visitor.length;
  }

  visitorId(index: number): string {
    return `${this.visitorPrefix}${index.toString().padStart(6, '0')}`;
  }

  /** Entry index range [start, end) covering day numbers [fromDay, toDay). */
  range(fromDay: number, toDay: number): [number, number] {
    const clamp = (d: number): number => Math.min(LOG_DAYS, Math.max(0, d - this.firstDay));
    const lo = clamp(fromDay);
    const hi = Math.max(lo, clamp(toDay));
    return [this.dayStart[lo], this.dayStart[hi]];
  }

  toVisits(): Visit[] {
    const out: Visit[] = new Array<Visit>(this.size);
    const days = Array.from({ length: LOG_DAYS }, (_, d) => formatDay(this.firstDay + d));
    for (let i = 0; i < this.size; i++) {
      const kind: VisitKind = this.kind[i] === 1 ? 'ai' : 'human';
      out[i] = { visitor: this.visitorId(this.visitor[i]), path: this.paths[this.path[i]], kind, day: days[this.day[i]] };
    }
    return out;
  }
}

export interface Plan {
  paths: string[];
  weights: number[];
  visitors: number;
  /** Mean visits per visitor. */
  meanVisits: number;
  /** Chance a visit returns to a page the visitor has seen: repeat visits test dedup. */
  revisit: number;
  /** Days a visitor stays active. */
  activeSpan: number;
  visitorPrefix: string;
  /**
   * An AI crawler (one more visitor) reads every page once on a day among the last this many
   * days before today, so a range of that length holds every page: the long tail of a real
   * site is swept by crawlers, and paging then has to read all of it.
   */
  crawlDays?: number;
}

export function generateLog(rng: Rng, plan: Plan, today: number): VisitLog {
  const pick = weightedPicker(rng, plan.weights);
  const vis: number[] = [];
  const pth: number[] = [];
  const knd: number[] = [];
  const dys: number[] = [];
  const perDay = new Uint32Array(LOG_DAYS);
  for (let v = 0; v < plan.visitors; v++) {
    // 70% people, 18% bots, 12% both: one id seen as human and as AI is what makes
    // `total` a distinct count rather than a sum.
    const profile = rng();
    const start = intBetween(rng, 0, LOG_DAYS - 1);
    const span = Math.min(plan.activeSpan, LOG_DAYS - start);
    const count = 1 + expInt(rng, plan.meanVisits - 0.5);
    const seen: number[] = [];
    for (let k = 0; k < count; k++) {
      const p = seen.length > 0 && rng() < plan.revisit ? seen[Math.floor(rng() * seen.length)] : pick();
      seen.push(p);
      const day = start + Math.floor(rng() * span);
      const ai = profile < 0.7 ? 0 : profile < 0.88 ? 1 : rng() < 0.4 ? 1 : 0;
      vis.push(v);
      pth.push(p);
      knd.push(ai);
      dys.push(day);
      perDay[day]++;
    }
  }
  if (plan.crawlDays) {
    for (let p = 0; p < plan.paths.length; p++) {
      const day = LOG_DAYS - 2 - Math.floor(rng() * plan.crawlDays);
      vis.push(plan.visitors);
      pth.push(p);
      knd.push(1);
      dys.push(day);
      perDay[day]++;
    }
  }
  // Counting sort by day keeps generation order within a day (stable, seed-determined).
  const dayStart = new Uint32Array(LOG_DAYS + 1);
  for (let d = 0; d < LOG_DAYS; d++) dayStart[d + 1] = dayStart[d] + perDay[d];
  const next = dayStart.slice(0, LOG_DAYS);
  const n = vis.length;
  const visitor = new Uint32Array(n);
  const path = new Uint32Array(n);
  const kind = new Uint8Array(n);
  const day = new Uint16Array(n);
  for (let i = 0; i < n; i++) {
    const at = next[dys[i]]++;
    visitor[at] = vis[i];
    path[at] = pth[i];
    kind[at] = knd[i];
    day[at] = dys[i];
  }
  return new VisitLog(plan.paths, today - (LOG_DAYS - 1), plan.visitorPrefix, visitor, path, kind, day, dayStart);
}

/**
 * Pages that are no longer in the site, as real analytics keep listing them: old links and
 * renamed pages. The fixture's docs.json redirects `/beta/...`; the others lead nowhere.
 */
export const RETIRED_PATHS = ['/legacy/setup', '/guides/webhooks-v1', '/beta/jobs/create', '/articles/concepts-agents'] as const;

/** The path whose trailing-slash variant also gets visits. */
export function trailingSlashBase(sitePaths: readonly string[]): string {
  return sitePaths.includes('/guides/webhooks') ? '/guides/webhooks' : (sitePaths.find((p) => p !== '/') ?? '/');
}

/** ~3,200 visitors and ~20k visits over the fixture site's pages, skewed to the first ones. */
export function fixtureLog(rng: Rng, sitePaths: readonly string[], today: number): VisitLog {
  const base = trailingSlashBase(sitePaths);
  const paths = [...sitePaths, ...RETIRED_PATHS];
  const weights = sitePaths.map((_, i) => 1 / Math.pow(i + 1, 1.1));
  weights.push(...RETIRED_PATHS.map((_, i) => 0.04 / (i + 1)));
  if (base !== '/') {
    paths.push(base + '/');
    weights.push(0.05);
  }
  return generateLog(rng, { paths, weights, visitors: 3200, meanVisits: 6.3, revisit: 0.5, activeSpan: 30, visitorPrefix: 'v-' }, today);
}

export const SYNTHETIC_PATH_COUNT = 10_000;

/**
 * 10,000 pages `/section-NN/page-NNNN`, Zipf popularity in a seeded order, ~150k visits, and
 * a crawler that reads every page within the 90 days before today.
 */
export function syntheticLog(rng: Rng, today: number): VisitLog {
  const paths = Array.from({ length: SYNTHETIC_PATH_COUNT }, (_, i) => {
    const section = String(Math.floor(i / 100)).padStart(2, '0');
    return `/section-${section}/page-${String(i).padStart(4, '0')}`;
  });
  // Popularity rank unrelated to path order, so a client that forgets to sort still shows it.
  const ranks = shuffle(
    rng,
    Array.from({ length: paths.length }, (_, i) => i + 1),
  );
  const weights = ranks.map((rank) => 1 / Math.pow(rank, 1.05));
  return generateLog(
    rng,
    { paths, weights, visitors: 20_000, meanVisits: 7.5, revisit: 0.3, activeSpan: 45, visitorPrefix: 's-', crawlDays: 90 },
    today,
  );
}
