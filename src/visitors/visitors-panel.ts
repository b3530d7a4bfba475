// The webview panel that shows visitors: built by the book (CSP default-src 'none' with a
// nonce, assets through asWebviewUri, resources limited to the bundle and media/), talking
// to its page only through the typed messages of protocol.ts. The page gets the editor's
// display language and this extension's translations once, in its HTML, before it renders.
import { randomBytes } from 'node:crypto';
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { type FromPage, isFromPage, type PageLanguage, pageLanguageId, type ToPage } from './protocol';
import { displayLanguage } from '../platform/words';

import { visitorsViewType } from '../platform/manifest-ids';

export class VisitorsPanel implements vscode.Disposable {
  private readonly disposables: vscode.Disposable[] = [];
  private readonly closed = new vscode.EventEmitter<void>();
  readonly onDidClose = this.closed.event;
  private ready = false;
  private queued: ToPage[] = [];

  private constructor(
    readonly panel: vscode.WebviewPanel,
    extensionUri: vscode.Uri,
    onMessage: (message: FromPage) => void,
  ) {
    panel.webview.options = {
      enableScripts: true,
      localResourceRoots: [vscode.Uri.joinPath(extensionUri, 'dist', 'webview'), vscode.Uri.joinPath(extensionUri, 'media', 'webview')],
    };
    // Files, not a ThemeIcon: the floor's API (1.99) takes only files for a panel's icon.
    const icon = (theme: string): vscode.Uri => vscode.Uri.joinPath(extensionUri, 'media', 'icons', `visitors-${theme}.svg`);
    panel.iconPath = { light: icon('light'), dark: icon('dark') };
    panel.webview.html = html(panel.webview, extensionUri);
    this.disposables.push(
      panel.webview.onDidReceiveMessage((message: unknown) => {
        // The page is a browser context: check what it sends before acting on it.
        if (!isFromPage(message)) return;
        if (message.type === 'ready') this.flush();
        onMessage(message);
      }),
      // Hidden, the page is dropped (no retained context) and loads again when shown: hold messages until it says ready.
      panel.onDidChangeViewState(({ webviewPanel }) => {
        if (!webviewPanel.visible) this.ready = false;
      }),
      panel.onDidDispose(() => this.dispose()),
    );
  }

  /** The column a page's file should open in so it does not cover the panel. */
  columnBeside(): vscode.ViewColumn {
    return this.panel.viewColumn === vscode.ViewColumn.One ? vscode.ViewColumn.Two : vscode.ViewColumn.One;
  }

  static create(extensionUri: vscode.Uri, onMessage: (message: FromPage) => void): VisitorsPanel {
    const panel = vscode.window.createWebviewPanel(
      visitorsViewType,
      l10n.t('Visitors'),
      { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
      {
        retainContextWhenHidden: false,
      },
    );
    return new VisitorsPanel(panel, extensionUri, onMessage);
  }

  /** A panel VS Code restored after a reload (its page state comes back through getState). */
  static revive(panel: vscode.WebviewPanel, extensionUri: vscode.Uri, onMessage: (message: FromPage) => void): VisitorsPanel {
    return new VisitorsPanel(panel, extensionUri, onMessage);
  }

  /** Messages wait until the page says it is ready: earlier ones would be lost. */
  post(message: ToPage): void {
    if (!this.ready) {
      // Only the newest of each kind matters while the page loads.
      this.queued = [...this.queued.filter((m) => m.type !== message.type), message];
      return;
    }
    void this.panel.webview.postMessage(message);
  }

  /** "Visitors · /guides/quickstart" for a page path or a range's label; "Visitors" for none. */
  setTitle(subject: string | undefined): void {
    this.panel.title = subject
      ? l10n.t({ message: 'Visitors · {0}', args: [subject], comment: ['The panel’s tab: a page path or a range of days'] })
      : l10n.t('Visitors');
  }

  reveal(): void {
    this.panel.reveal(undefined, true);
  }

  dispose(): void {
    if (this.disposables.length === 0) return;
    for (const d of this.disposables.splice(0)) d.dispose();
    this.panel.dispose();
    this.closed.fire();
    this.closed.dispose();
  }

  private flush(): void {
    this.ready = true;
    for (const message of this.queued.splice(0)) void this.panel.webview.postMessage(message);
  }
}

/** Text for an HTML element or attribute: a translation may hold `<`, `&` or quotes. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The page's language and its translations as JSON in a `<meta>` element's content: data the
 * browser never runs (the page holds no inline script at all), escaped as an attribute's text.
 */
function languageJson(): string {
  const bundle = vscode.l10n.bundle;
  const data: PageLanguage = { language: displayLanguage(), ...(bundle ? { bundle } : {}) };
  return escapeHtml(JSON.stringify(data));
}

function html(webview: vscode.Webview, extensionUri: vscode.Uri): string {
  const nonce = randomBytes(18).toString('base64');
  const script = webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'dist', 'webview', 'visitors.js'));
  const style = webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'media', 'webview', 'visitors.css'));
  const csp = [
    "default-src 'none'",
    `style-src ${webview.cspSource}`,
    `img-src ${webview.cspSource} data:`,
    `font-src ${webview.cspSource}`,
    `script-src 'nonce-${nonce}'`,
  ].join('; ');
  const [lang, title] = [escapeHtml(displayLanguage()), escapeHtml(l10n.t('Visitors'))];
  // Markup, not words (its title and language are filled in above): stays English.
  return `<!DOCTYPE html>
<html lang="${lang}">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<meta name="${pageLanguageId}" content="${languageJson()}">
<link rel="stylesheet" href="${style.toString()}">
<title>${title}</title>
</head>
<body>
<div id="app"></div>
<script nonce="${nonce}" src="${script.toString()}"></script>
</body>
</html>`;
}
