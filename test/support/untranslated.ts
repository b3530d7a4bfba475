// Finds words in src/ that reach the writer without going through l10n.t: a string literal that
// reads as English prose anywhere, or any word in a place the editor shows (a message, a button,
// a tree item's label, a tooltip, a status bar's text, a quick pick's items, a chat tool's result).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as ts from 'typescript';

export interface Untranslated {
  file: string;
  line: number;
  text: string;
  why: 'prose' | 'shown' | 'at load';
}

/** Calls whose every argument the writer reads. */
const shownCalls = /^(showInfo|showWarning|showErrorText|show(Information|Warning|Error)Message|setStatusBarMessage)$/;
/** Constructors whose first argument the writer reads. */
const shownConstructors = /^(TreeItem|LanguageModelTextPart|CodeLens)$/;
/** Properties the editor shows, in object literals and assignments. */
const shownProperties =
  /^(label|description|detail|tooltip|title|placeHolder|placeholder|prompt|text|validationMessage|confirmation|invocationMessage)$/;
/** Calls whose text is for a person reading logs or for a machine: never shown as the extension's words. */
const unshownCalls =
  /^(info|warn|error|debug|trace|appendLine|append|log|require|fetch|request|get|post|json|parse|join|split|startsWith|endsWith|includes|replace|replaceAll|match|test|exec|RegExp|executeCommand|registerCommand|getConfiguration|createOutputChannel|setContext|createHash)$/;
/** Where a comment says text stays English on purpose (e.g. a prompt written for the agent). */
const staysEnglish = /stays English/;

/** Two words of letters in a row, as a sentence or a label of several words has. */
const prose = /[A-Za-z][a-z’']*[,:;]? [a-z][a-z’']*\b/;
/** Any word a person reads (two letters or more, not a lone codicon or placeholder). */
const word = /[A-Za-z]{2,}/;

function literalText(node: ts.Node): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join('{}');
  return undefined;
}

const calleeName = (expression: ts.Expression): string | undefined =>
  ts.isIdentifier(expression) ? expression.text : ts.isPropertyAccessExpression(expression) ? expression.name.text : undefined;

const isL10nCall = (node: ts.Node): node is ts.CallExpression =>
  ts.isCallExpression(node) && /^(vscode\.)?l10n\.t$/.test(node.expression.getText());

/** The message (or comment) of an l10n.t call: the text that is translated. */
function isTranslated(node: ts.Node): boolean {
  for (let at: ts.Node = node; at.parent; at = at.parent) {
    if (isL10nCall(at.parent)) return at === at.parent.arguments[0];
  }
  return false;
}

/** Not text at all: module names, keys, types, comparisons with values. */
function isNotText(node: ts.Node): boolean {
  const parent = node.parent;
  return (
    ts.isImportDeclaration(parent) ||
    ts.isExportDeclaration(parent) ||
    ts.isExternalModuleReference(parent) ||
    ts.isLiteralTypeNode(parent) ||
    (ts.isPropertyAssignment(parent) && parent.name === node) ||
    ts.isElementAccessExpression(parent) ||
    ts.isCaseClause(parent) ||
    (ts.isBinaryExpression(parent) && /^(===|!==|==|!=)$/.test(parent.operatorToken.getText()))
  );
}

/** Where the writer reads this literal, if the place says so (walking up through `a ? b : c` and `a ?? b`). */
function shownPlace(node: ts.Node): boolean {
  let at: ts.Node = node;
  while (
    ts.isConditionalExpression(at.parent) ||
    ts.isParenthesizedExpression(at.parent) ||
    (ts.isBinaryExpression(at.parent) && at.parent.operatorToken.kind !== ts.SyntaxKind.EqualsToken)
  )
    at = at.parent;
  const parent = at.parent;
  if (ts.isCallExpression(parent)) return shownCalls.test(calleeName(parent.expression) ?? '');
  if (ts.isNewExpression(parent)) return shownConstructors.test(calleeName(parent.expression) ?? '') && parent.arguments?.[0] === at;
  if (ts.isPropertyAssignment(parent)) return shownProperties.test(parent.name.getText());
  if (ts.isBinaryExpression(parent) && ts.isPropertyAccessExpression(parent.left)) return shownProperties.test(parent.left.name.text);
  return false;
}

/** Inside a log line, a machine's string, or code whose comment says it stays English. */
function isExempt(node: ts.Node, source: ts.SourceFile): boolean {
  for (let at: ts.Node = node; at.parent; at = at.parent) {
    const parent = at.parent;
    if (
      (ts.isCallExpression(parent) || ts.isNewExpression(parent)) &&
      parent.expression !== at &&
      unshownCalls.test(calleeName(parent.expression) ?? '')
    )
      return true;
    const comments = ts.getLeadingCommentRanges(source.text, at.getFullStart()) ?? [];
    if (comments.some((c) => staysEnglish.test(source.text.slice(c.pos, c.end)))) return true;
  }
  return false;
}

/**
 * Code that runs when its module loads, before the display language is set at activation:
 * an l10n.t call there would stay English.
 */
function insideFunction(node: ts.Node): boolean {
  for (let at = node.parent; at; at = at.parent) {
    if (ts.isFunctionLike(at) || ts.isClassStaticBlockDeclaration(at)) return !ts.isClassStaticBlockDeclaration(at);
    if (ts.isPropertyDeclaration(at) && !at.modifiers?.some((m) => m.kind === ts.SyntaxKind.StaticKeyword)) return true;
  }
  return false;
}

function scan(file: string, root: string): Untranslated[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);
  const found: Untranslated[] = [];
  const visit = (node: ts.Node): void => {
    const text = literalText(node);
    if (text !== undefined && !isTranslated(node) && !isNotText(node) && !isExempt(node, source)) {
      const why = prose.test(text) ? 'prose' : shownPlace(node) && word.test(text.replace(/\$\([^)]*\)/g, '')) ? 'shown' : undefined;
      if (why) found.push({ file: relative(root, file), line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, text, why });
    }
    if (isL10nCall(node) && !insideFunction(node)) {
      const text = node.arguments[0]?.getText() ?? '';
      found.push({
        file: relative(root, file),
        line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1,
        text,
        why: 'at load',
      });
    }
    if (!ts.isTemplateExpression(node)) ts.forEachChild(node, visit);
    else node.templateSpans.forEach((span) => visit(span.expression));
  };
  visit(source);
  return found;
}

/** Every TypeScript source file under `folder` (declaration files left out). */
export function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Every literal under `root`/src that the writer could read in English whatever their language. */
export function untranslatedWords(root: string): Untranslated[] {
  return sourceFiles(join(root, 'src')).flatMap((file) => scan(file, root));
}

/** Every file of `root`/src with a comment saying its text stays English: the deliberate exceptions. */
export function filesStayingEnglish(root: string): string[] {
  return sourceFiles(join(root, 'src'))
    .filter((file) => staysEnglish.test(readFileSync(file, 'utf8')))
    .map((file) => relative(root, file))
    .sort();
}
