// The visit log of the large fixture site (project `globex-docs`): readers of every path the
// site serves, generated API pages included, of old paths its redirects cover, of a section
// whose spec lives on the web, and of seven paths nothing serves. A crawler reads every path
// within the last 30 days, so the default range holds them all.
import { largeSitePlan } from '../fixtures/large-site-plan/plan';
import type { Rng } from './prng';
import { generateLog, type VisitLog } from './visit-log';

export const LARGE_SITE_PROJECT_ID = 'globex-docs';
/** The generated API page its readers vote down, in every form exports name a page by. */
export const LARGE_SITE_UNHAPPY_PAGE = '/es/api-reference/chat-messages/send-chat-message';

export function largeSiteLog(rng: Rng, today: number): VisitLog {
  const plan = largeSitePlan();
  const paths = [...plan.served, ...plan.redirected, ...plan.lost, ...plan.unchecked];
  const weights = paths.map((_, i) => 1 / Math.pow(i + 1, 0.9));
  return generateLog(
    rng,
    { paths, weights, visitors: 1500, meanVisits: 4, revisit: 0.4, activeSpan: 30, visitorPrefix: 'g-', crawlDays: 28 },
    today,
  );
}
