// How the Pages view shows what readers said: an unhappy page with its votes and comments, a
// search with its count and click-through, a question with how often it was asked and why it
// went unanswered. Each row's tooltip quotes what readers wrote or asked.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { rangeLabel } from '../visitors/date-range';
import type { OpenTarget } from './page-open';
import type { PagesNode } from './pages-nodes';
import { askedText, commentsText, searchedText, searchesText } from './said-counts-text';
import { relatedQuestions } from './related-questions';
import type { UnansweredQuestion } from './reader-signals';
import { count as n, percent, quoted as quotedUpTo } from './said-words';

const quoted = (text: string): string => quotedUpTo(text, 200);

export function unhappyItem(node: Extract<PagesNode, { kind: 'unhappy' }>): vscode.TreeItem {
  const { page, said, sitePage } = node.row;
  const item = new vscode.TreeItem(sitePage?.generated?.title ?? page.pagePath);
  const votes = l10n.t({
    message: '{0} down · {1} up ({2} down)',
    args: [n(page.thumbsDown), n(page.thumbsUp), percent(page.share)],
    comment: ['A page’s votes: {0} thumbs down, {1} thumbs up, and the share of thumbs down'],
  });
  const comments = said.comments.length;
  item.description = comments ? `${votes} · ${commentsText(comments)}` : votes;
  const wrote = said.comments
    .slice(0, 3)
    .map((c) => (c.status === 'pending' ? l10n.t('(pending) {0}', quoted(c.comment ?? '')) : quoted(c.comment ?? '')));
  item.tooltip = [
    l10n.t(
      '{0}: {1} of {2} votes were thumbs down · {3}',
      page.pagePath,
      percent(page.share),
      n(page.thumbsUp + page.thumbsDown),
      rangeLabel(node.range),
    ),
    ...wrote,
  ].join('\n');
  item.iconPath = new vscode.ThemeIcon('thumbsdown');
  item.contextValue = 'unhappyPage';
  if (node.uri) item.resourceUri = node.uri;
  const command = node.open && openCommand(node.root, node.open);
  if (command) item.command = command;
  else if (!sitePage) item.tooltip += `\n${l10n.t('{0} is no page of this site now.', page.pagePath)}`;
  return item;
}

/** Opens a page's file, its spec at the operation, or the page on the site. */
export function openCommand(root: vscode.Uri, target: OpenTarget): vscode.Command {
  if (target.kind === 'site')
    return { command: 'vscode.open', title: l10n.t('Open Page on the Site'), arguments: [vscode.Uri.parse(target.url, true)] };
  const uri = vscode.Uri.joinPath(root, target.file);
  if (target.line === undefined) return { command: 'vscode.open', title: l10n.t('Open Page'), arguments: [uri] };
  const at = new vscode.Range(target.line, 0, target.line, 0);
  return { command: 'vscode.open', title: l10n.t('Open the Operation in Its Spec'), arguments: [uri, { selection: at }] };
}

export function searchItem(node: Extract<PagesNode, { kind: 'search' }>): vscode.TreeItem {
  const { term } = node;
  const [ctr, range] = [percent(term.ctr), rangeLabel(node.range)];
  const item = new vscode.TreeItem(quoted(term.query));
  const opened = term.topClickedPage ? l10n.t('{0} opened a result, most often {1}', ctr, term.topClickedPage) : l10n.t('no result opened');
  item.description = `${searchesText(term.hits)} · ${opened}`;
  const asked = relatedQuestions(term.query, node.turns);
  item.tooltip = [
    searchedText(quoted(term.query), term.hits, range, ctr),
    asked.length ? askedText(asked.length, quoted(asked[0]?.query ?? '')) : '',
  ]
    .filter(Boolean)
    .join('\n');
  item.iconPath = new vscode.ThemeIcon('search');
  item.contextValue = 'readerSearch';
  return item;
}

/** Why the assistant did not answer, short, in the writer's language. */
function whyText(why: UnansweredQuestion['why']): string {
  switch (why) {
    case 'clarifying':
      return l10n.t({
        message: 'asked back',
        args: [],
        comment: ['Why a reader’s question went unanswered: the assistant asked a question back'],
      });
    case 'unanswered':
      return l10n.t({
        message: 'not in the docs',
        args: [],
        comment: ['Why a reader’s question went unanswered: the docs do not cover it'],
      });
    case 'no sources':
      return l10n.t({ message: 'no page cited', args: [], comment: ['Why a reader’s question went unanswered: the answer cited no page'] });
  }
}

export function questionItem(node: Extract<PagesNode, { kind: 'question' }>): vscode.TreeItem {
  const { question } = node;
  const item = new vscode.TreeItem(quoted(question.query));
  const why = whyText(question.why);
  // "Once" is a word of its own, not the plural's singular.
  item.description = question.asked === 1 ? l10n.t('asked once · {0}', why) : l10n.t('asked {0} times · {1}', n(question.asked), why);
  item.tooltip = l10n.t(
    "{0} ({1})\nThe assistant's latest reply: {2}",
    quoted(question.query),
    rangeLabel(node.range),
    quoted(question.latest.response),
  );
  item.iconPath = new vscode.ThemeIcon('comment-unresolved');
  item.contextValue = 'readerQuestion';
  return item;
}
