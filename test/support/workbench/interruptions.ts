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
  const textOf = (el) => ((el.querySelector('.notification-list-item-message, .dialog-message-text') || el).textContent || '').trim();
  window.__interruptions = () => seen.map(({ kind, el, text }) => ({ kind, text: text || textOf(el) }));
  const kinds = [['notification-toast-container', 'toast'], ['monaco-dialog-box', 'dialog']];
  new MutationObserver((records) => {
    for (const record of records) for (const node of record.addedNodes) {
      if (node.nodeType !== 1) continue;
      for (const [cls, kind] of kinds) {
        for (const el of [...(node.classList.contains(cls) ? [node] : []), ...node.querySelectorAll('.' + cls)]) {
          if (counted.has(el)) continue;
          counted.add(el);
          // Its text is filled in just after the node is added, and gone once a toast hides.
          const entry = { kind, el, text: '' };
          seen.push(entry);
          setTimeout(() => { entry.text = textOf(el); }, 100);
        }
      }
    }
  }).observe(document, { childList: true, subtree: true });
})()`;

/** Starts counting on a page before it loads (pass to Workbench.open's onPage). */
export function countInterruptions(page: Page): () => Promise<Interruption[]> {
  void page.addInitScript(installed);
  return () => page.evaluate<Interruption[]>('window.__interruptions ? window.__interruptions() : []');
}
