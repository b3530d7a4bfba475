// How the Pages view shows what readers said: an unhappy page with its votes and comments, a
// search with its count and click-through, a question with how often it was asked and why it
// went unanswered. Each row's tooltip quotes what readers wrote or asked.
import * as vscode from 'vscode';
import type { OpenTarget } from './page-open';
import type { PagesNode } from './pages-nodes';
import { relatedQuestions } from './signals-prompt';
import type { UnansweredQuestion } from './reader-signals';
import { count as n, percent, plural, quoted as quotedUpTo } from './said-words';

const quoted = (text: string): string => quotedUpTo(text, 200);

export function unhappyItem(node: Extract<PagesNode, { kind: 'unhappy' }>): vscode.TreeItem {
  const { page, said, sitePage } = node.row;
  const item = new vscode.TreeItem(sitePage?.generated?.title ?? page.pagePath);
  const comments = said.comments.length ? ` · ${plural(said.comments.length, 'comment')}` : '';
  item.description = `${n(page.thumbsDown)} down · ${n(page.thumbsUp)} up (${percent(page.share)} down)${comments}`;
  const wrote = said.comments.slice(0, 3).map((c) => `${c.status === 'pending' ? '(pending) ' : ''}${quoted(c.comment ?? '')}`);
  item.tooltip = [
    `${page.pagePath}: ${percent(page.share)} of ${n(page.thumbsUp + page.thumbsDown)} votes were thumbs down · ${node.range}`,
    ...wrote,
  ].join('\n');
  item.iconPath = new vscode.ThemeIcon('thumbsdown');
  item.contextValue = 'unhappyPage';
  if (node.uri) item.resourceUri = node.uri;
  const command = node.open && openCommand(node.root, node.open);
  if (command) item.command = command;
  else if (!sitePage) item.tooltip += `\n${page.pagePath} is no page of this site now.`;
  return item;
}

/** Opens a page's file, its spec at the operation, or the page on the site. */
export function openCommand(root: vscode.Uri, target: OpenTarget): vscode.Command {
  if (target.kind === 'site')
    return { command: 'vscode.open', title: 'Open Page on the Site', arguments: [vscode.Uri.parse(target.url, true)] };
  const uri = vscode.Uri.joinPath(root, target.file);
  if (target.line === undefined) return { command: 'vscode.open', title: 'Open Page', arguments: [uri] };
  const at = new vscode.Range(target.line, 0, target.line, 0);
  return { command: 'vscode.open', title: 'Open the Operation in Its Spec', arguments: [uri, { selection: at }] };
}

export function searchItem(node: Extract<PagesNode, { kind: 'search' }>): vscode.TreeItem {
  const { term } = node;
  const item = new vscode.TreeItem(quoted(term.query));
  const opened = term.topClickedPage ? `${percent(term.ctr)} opened a result, most often ${term.topClickedPage}` : 'no result opened';
  item.description = `${plural(term.hits, 'search', 'searches')} · ${opened}`;
  const asked = relatedQuestions(term.query, node.turns);
  item.tooltip = [
    `Readers searched ${quoted(term.query)} ${plural(term.hits, 'time')} (${node.range}); ${percent(term.ctr)} opened a result.`,
    asked.length ? `The assistant was asked about it ${plural(asked.length, 'time')}: ${quoted(asked[0]?.query ?? '')}` : '',
  ]
    .filter(Boolean)
    .join('\n');
  item.iconPath = new vscode.ThemeIcon('search');
  item.contextValue = 'readerSearch';
  return item;
}

const whyText: Record<UnansweredQuestion['why'], string> = {
  clarifying: 'asked back',
  unanswered: 'not in the docs',
  'no sources': 'no page cited',
};

export function questionItem(node: Extract<PagesNode, { kind: 'question' }>): vscode.TreeItem {
  const { question } = node;
  const item = new vscode.TreeItem(quoted(question.query));
  item.description = `asked ${question.asked === 1 ? 'once' : `${n(question.asked)} times`} · ${whyText[question.why]}`;
  item.tooltip = `${quoted(question.query)} (${node.range})\nThe assistant's latest reply: ${quoted(question.latest.response)}`;
  item.iconPath = new vscode.ThemeIcon('comment-unresolved');
  item.contextValue = 'readerQuestion';
  return item;
}
