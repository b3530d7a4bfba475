// What readers said and looked for, seeded and tied to a project's pages: feedback entries (on
// real pages, a few on a retired one, some sent as a whole URL), search terms (some leading to a
// page, some nobody clicked), and assistant turns (answers citing pages, clarifying questions,
// unanswered ones, one question asked again and again). Built lazily per project.
import { expInt, intBetween, type Rng, weightedPicker } from './prng';

export const SITE_ORIGIN = 'https://docs.acme.dev';
export const SOURCES = ['contextual', 'thumbs_only', 'code_snippet', 'agent'] as const;
export const STATUSES = ['pending', 'in_progress', 'resolved', 'dismissed'] as const;

export interface FeedbackItem {
  id: string;
  path: string;
  comment: string | null;
  /** Day number (UTC) and time it was sent. */
  day: number;
  createdAt: string;
  source: (typeof SOURCES)[number];
  status: (typeof STATUSES)[number];
  helpful: boolean;
  contact: string | null;
}

export interface SearchItem {
  searchQuery: string;
  /** Hits per day number: a range sums the days it covers. */
  hitsByDay: Map<number, number>;
  /** Share of hits that opened a result. */
  clickRate: number;
  topClickedPage: string | null;
}

export interface TurnItem {
  /** ULID: its first 10 characters are the time, so ids sort as turns happened. */
  id: string;
  day: number;
  timestamp: string;
  query: string;
  response: string;
  responseType: 'answer' | 'clarifying_question';
  sources: { title: string; url: string }[];
  resolutionStatus: 'answered' | 'unanswered';
  queryCategory: string | null;
  pageUrl: string | null;
}

export interface SignalData {
  feedback: FeedbackItem[];
  searches: SearchItem[];
  turns: TurnItem[];
}

export interface SignalScale {
  feedback: number;
  searches: number;
  turns: number;
}

const DAY_MS = 86_400_000;
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

function ulid(rng: Rng, time: number): string {
  let head = '';
  for (let t = time, i = 0; i < 10; i++, t = Math.floor(t / 32)) head = CROCKFORD[t % 32] + head;
  let tail = '';
  for (let i = 0; i < 16; i++) tail += CROCKFORD[Math.floor(rng() * 32)];
  return head + tail;
}

const COMMENTS = [
  'The example does not work as written.',
  'Missing a step about creating an API key.',
  'Great page, thanks!',
  'Which version does this apply to?',
  'A screenshot would help here.',
  'The link at the bottom is broken.',
];
const WEBHOOK_COMMENTS = ['Retries are not explained.', 'What is the retry backoff?', 'How do I verify the signature?'];
const CLICKED = ['quickstart', 'install', 'authentication', 'api key', 'deploy', 'webhooks', 'changelog', 'pricing'];
const NOTHING = ['webhook retries', 'rate limit headers', 'sso', 'saml', 'audit log', 'ip allowlist', 'terraform', 'gdpr'];

const title = (path: string): string => (path === '/' ? 'Home' : (path.split('/').pop() ?? path).replace(/-/g, ' '));
const timeOn = (rng: Rng, day: number): number => day * DAY_MS + intBetween(rng, 0, DAY_MS - 1);

/**
 * The schema's "path or URL", in the forms real exports carry: most entries name their page by
 * its path, some by its whole address, some with a trailing slash (path or address). The
 * by-page export groups by what the entry names, so one page comes in up to four rows.
 */
export function addressForm(path: string, i: number): string {
  const slash = path === '/' ? '' : '/';
  if (i % 9 === 4) return `${SITE_ORIGIN}${path}`;
  if (i % 9 === 7) return `${SITE_ORIGIN}${path}${slash}`;
  return i % 9 === 2 ? `${path}${slash}` : path;
}

function feedbackOf(
  rng: Rng,
  paths: readonly string[],
  days: [number, number],
  count: number,
  unhappy: string | undefined,
): FeedbackItem[] {
  const webhooks = paths.find((p) => p === unhappy);
  const pick = weightedPicker(
    rng,
    paths.map((_, i) => 1 / (i + 1)),
  );
  const status = weightedPicker(rng, [6, 1, 2, 1]);
  const source = weightedPicker(rng, [5, 3, 1, 1]);
  const items: FeedbackItem[] = [];
  for (let i = 0; i < count; i++) {
    // The unhappy page (the fixture's webhooks page): a fifth of the feedback, mostly thumbs down.
    const onWebhooks = webhooks !== undefined && i % 5 === 0;
    const path = onWebhooks ? webhooks : (paths[pick()] ?? '/');
    const time = timeOn(rng, intBetween(rng, days[0], days[1]));
    const kind = SOURCES[source()] ?? 'contextual';
    const roll = rng();
    // Every seventh vote on it is up, whatever the day: its readers are unhappy in any range.
    const helpful = onWebhooks ? i % 35 === 0 : roll < 0.7;
    const words = onWebhooks ? WEBHOOK_COMMENTS : COMMENTS;
    const comment = kind === 'thumbs_only' || rng() < 0.2 ? null : (words[intBetween(rng, 0, words.length - 1)] ?? null);
    items.push({
      id: `fb_${ulid(rng, time)}`,
      path: addressForm(path, i),
      comment,
      day: Math.floor(time / DAY_MS),
      createdAt: new Date(time).toISOString(),
      source: kind,
      status: STATUSES[status()] ?? 'pending',
      helpful,
      contact: kind === 'contextual' && rng() < 0.3 ? `reader${i}@example.com` : null,
    });
  }
  return items;
}

function searchesOf(rng: Rng, paths: readonly string[], days: [number, number], count: number): SearchItem[] {
  const items: SearchItem[] = [];
  // The first page naming a query's first word, looked up once per word: most generated
  // queries share "term", and scanning 10,000 paths for each of 5,000 queries took 20 s.
  const naming = new Map<string, string | undefined>();
  const pageNaming = (word: string): string | undefined => {
    if (!naming.has(word))
      naming.set(
        word,
        paths.find((p) => p.includes(word)),
      );
    return naming.get(word);
  };
  for (let i = 0; i < count; i++) {
    const fixed = i < CLICKED.length + NOTHING.length;
    const nothing = fixed ? i >= CLICKED.length : rng() < 0.3;
    const query = fixed ? (CLICKED[i] ?? NOTHING[i - CLICKED.length] ?? `term ${i}`) : `term ${i} ${title(paths[i % paths.length] ?? '/')}`;
    const hitsByDay = new Map<number, number>();
    const bursts = intBetween(rng, 1, 6);
    for (let b = 0; b < bursts; b++) {
      const day = intBetween(rng, days[0], days[1]);
      hitsByDay.set(day, (hitsByDay.get(day) ?? 0) + 1 + expInt(rng, fixed ? 8 : 2));
    }
    const page = pageNaming(query.split(' ')[0] ?? '') ?? paths[intBetween(rng, 0, paths.length - 1)] ?? '/';
    items.push({
      searchQuery: query,
      hitsByDay,
      clickRate: nothing ? rng() * 0.05 : 0.3 + rng() * 0.6,
      topClickedPage: nothing && rng() < 0.8 ? null : page,
    });
  }
  return items;
}

function turnsOf(rng: Rng, paths: readonly string[], days: [number, number], count: number): TurnItem[] {
  const webhooks = paths.find((p) => p === '/guides/webhooks') ?? paths[0] ?? '/';
  const items: TurnItem[] = [];
  for (let i = 0; i < count; i++) {
    const time = timeOn(rng, intBetween(rng, days[0], days[1]));
    const kind = i % 6;
    const page = paths[intBetween(rng, 0, paths.length - 1)] ?? '/';
    const cited = kind === 0 ? webhooks : page;
    const query =
      kind === 0
        ? 'how do I retry a failed webhook?'
        : kind === 1
          ? 'Which plan includes SSO?'
          : kind === 2
            ? 'Is there a Terraform provider?'
            : `How do I use ${title(page)}?`;
    const clarifying = kind === 1;
    const unanswered = kind === 2;
    items.push({
      id: ulid(rng, time),
      day: Math.floor(time / DAY_MS),
      timestamp: new Date(time).toISOString(),
      query,
      response: clarifying ? 'Which product are you on?' : unanswered ? 'I could not find that in the docs.' : `See ${title(cited)}.`,
      responseType: clarifying ? 'clarifying_question' : 'answer',
      sources: clarifying || unanswered ? [] : [{ title: title(cited), url: `${SITE_ORIGIN}${cited}` }],
      resolutionStatus: unanswered ? 'unanswered' : 'answered',
      queryCategory: kind === 0 ? 'webhooks' : null,
      pageUrl: rng() < 0.5 ? `${SITE_ORIGIN}${page}` : null,
    });
  }
  return items;
}

/** A project's signals over the log's days [firstDay, lastDay]; `unhappy` is the page readers vote down. */
export function signalData(
  rng: Rng,
  paths: readonly string[],
  days: [number, number],
  scale: SignalScale,
  unhappy: string | undefined,
): SignalData {
  return {
    feedback: feedbackOf(rng, paths, days, scale.feedback, unhappy),
    searches: searchesOf(rng, paths, days, scale.searches),
    turns: turnsOf(rng, paths, days, scale.turns),
  };
}
