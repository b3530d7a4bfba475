// The system Chromium, driven by playwright-core (Playwright's own browser download does not
// work on these machines).
import { type Browser, type Page, chromium } from 'playwright-core';

export const chromiumPath = process.env.DOCS_AGENT_CHROMIUM ?? '/usr/bin/chromium';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      // No background compiler or collector threads: a test's page is loaded once and used for a
      // minute, so they cost more CPU than they save, and the run is bound by CPU (-10 % a load).
      '--js-flags=--single-threaded',
    ],
  });
}

/**
 * A window's page. Uncompressed over loopback: code-server compresses every file on each request
 * (its 19 MB workbench script alone takes it 0.6 s of CPU), which no test is about.
 */
export function newWindowPage(browser: Browser, viewport = { width: 1400, height: 860 }): Promise<Page> {
  return browser.newPage({ viewport, extraHTTPHeaders: { 'Accept-Encoding': 'identity' } });
}
