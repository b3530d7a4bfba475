// Counts what interrupts a writer: every notification toast and modal dialog a page shows, from
// the moment it starts loading, with its text. A test reads the list to hold a flow to its
// budget of interruptions.
import type { Page } from 'playwright-core';

export interface Interruption {
  kind: 'toast' | 'dialog';
  text: string;
}

const installed = `(() => {
  const seen = [];
  const counted = new WeakSet();
  window.__interruptions = seen;
  const kinds = [['notification-toast-container', 'toast'], ['monaco-dialog-box', 'dialog']];
  new MutationObserver((records) => {
    for (const record of records) for (const node of record.addedNodes) {
      if (node.nodeType !== 1) continue;
      const found = kinds.flatMap(([cls, kind]) =>
        [...(node.classList.contains(cls) ? [node] : []), ...node.querySelectorAll('.' + cls)].map((el) => ({ kind, el })));
      for (const { kind, el } of found) {
        if (counted.has(el)) continue;
        counted.add(el);
        // The text is filled in just after the node is added.
        setTimeout(() => {
          const message = el.querySelector('.notification-list-item-message, .dialog-message-text') || el;
          seen.push({ kind, text: (message.textContent || '').trim() });
        }, 50);
      }
    }
  }).observe(document, { childList: true, subtree: true });
})()`;

/** Starts counting on a page before it loads (pass to Workbench.open's onPage). */
export function countInterruptions(page: Page): () => Promise<Interruption[]> {
  void page.addInitScript(installed);
  return () => page.evaluate<Interruption[]>('window.__interruptions || []');
}
