// The system Chromium, driven by playwright-core (Playwright's own browser download does not
// work on these machines).
import { type Browser, chromium } from 'playwright-core';

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
    ],
  });
}
