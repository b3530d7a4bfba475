// The prompt Ask the Agent starts from, for a page, a path readers reach in vain, or a group of
// them: it names the pages and their numbers, and what to do about them. The writer edits it
// before it is sent. Sent to the agent, so it stays English whatever the writer's language: its
// `range` is a label from promptRangeLabel ("Last 30 days").
import { aiShare, type PageReaders } from './page-readers';
import { fencedData } from '../platform/data-fence';
import { promptCount, promptInRange as inRange, promptVisitors } from './prompt-words';
import { oneLine } from './said-words';
import type { PathRow } from '../visitors/protocol';

export type AskSubject =
  | { kind: 'page'; pagePath: string; file: string | undefined; generated?: { title: string; spec: string }; readers: PageReaders }
  | { kind: 'withoutPage'; row: PathRow };

export type AskGroup = 'withoutPage' | 'unread' | 'mostlyAi' | 'all';

/** At most this many pages in one prompt: the agent works on a focused job better. */
const maxListed = 20;

// Sent to the agent: stays English.
function numbers({ pagePath, readers }: { pagePath: string; readers: PageReaders }, range: string): string {
  if (readers.rank === undefined) return `${pagePath} had no visitors ${inRange(range)}`;
  return `${pagePath} had ${promptCount(readers.human)} human and ${promptCount(readers.ai)} AI visitors ${inRange(range)} (rank ${readers.rank} of ${readers.of})`;
}

// Sent to the agent: stays English.
function file(subject: Pick<Extract<AskSubject, { kind: 'page' }>, 'pagePath' | 'file' | 'generated'>): string {
  // A generated API page is changed through its operation in the spec. The operation's title is
  // left out: it is free text from a spec file, and the page's path names the operation as well.
  if (subject.generated) return `the operation in ${subject.generated.spec} whose page is ${subject.pagePath}`;
  return subject.file ?? `the page at ${subject.pagePath}`;
}

// Sent to the agent: stays English.
function aboutPage(subject: Extract<AskSubject, { kind: 'page' }>, range: string, mostlyAiPercent: number): string {
  const said = numbers(subject, range);
  if (subject.readers.rank === undefined) {
    return `${said}. Check that ${file(subject)} is easy to find (navigation, links from related pages, its title and description), improve it, or tell me if it should be removed.`;
  }
  if (aiShare(subject.readers) > mostlyAiPercent) {
    return `${said}; most of its readers are AI crawlers. Make ${file(subject)} more useful for human readers (clear steps, examples, a short summary at the top) without losing what AI readers use.`;
  }
  return `${said}. Review ${file(subject)} and improve it for those readers.`;
}

// Sent to the agent: stays English.
/** A path readers reach in vain: readers chose it, so it is only in the fence. */
function aboutPath(row: PathRow, range: string): string {
  return [
    `Readers still arrive at a path that no page and no redirect serves: ${promptVisitors(row.total)} ${inRange(range)}. Add a redirect to docs.json's redirects from that path to the closest existing page, or restore the page if it is still needed.`,
    '',
    fencedData('readers', [oneLine(row.path)]),
  ].join('\n');
}

/** The prompt for one page or path. */
export function askPrompt(subject: AskSubject, range: string, mostlyAiPercent: number): string {
  return subject.kind === 'page' ? aboutPage(subject, range, mostlyAiPercent) : aboutPath(subject.row, range);
}

// Sent to the agent: stays English.
const tasks: Record<AskGroup, string> = {
  withoutPage:
    'Readers arrive at these paths, which no page and no redirect serves. Add redirects to docs.json to the closest existing pages.',
  unread: 'Nobody read these pages. Make them easier to find (navigation, links, titles), improve them, or say which should be removed.',
  mostlyAi: 'These pages are read mostly by AI crawlers. Make them more useful for human readers without losing what AI readers use.',
  all: 'Review these pages, the least read first, and improve them for their readers.',
};

// Sent to the agent: stays English.
/**
 * The prompt for a group of the Pages view: its first pages, each with its numbers. The site's
 * pages are listed as they are; paths readers reach in vain go in a fence after them.
 */
export function askGroupPrompt(group: AskGroup, subjects: readonly AskSubject[], range: string): string {
  const listed = subjects.slice(0, maxListed);
  const more = subjects.length > listed.length ? ` (and ${subjects.length - listed.length} more)` : '';
  const pages = listed.flatMap((s) => (s.kind === 'page' ? [`- ${numbers(s, range)}`] : []));
  const paths = listed.flatMap((s) => (s.kind === 'withoutPage' ? [`- ${oneLine(s.row.path)}: ${promptVisitors(s.row.total)}`] : []));
  const visited = paths.length
    ? [
        `${pages.length ? 'Paths' : 'The paths'} readers visited ${inRange(range)} that no page serves, one a line with its visitors:`,
        fencedData('readers', paths),
      ]
    : [];
  return [`${tasks[group]}${more}`, ...pages, ...visited].join('\n');
}
