import * as assert from 'node:assert/strict';
import { isFromPage } from '../../src/visitors/protocol';

describe('visitors panel: messages from the page', () => {
  const range = { preset: 'custom', from: '2026-11-01', to: '2026-11-20' };

  it('accepts every message the page sends', () => {
    for (const message of [
      { type: 'ready' },
      { type: 'ready', range },
      { type: 'setRange', range },
      { type: 'setRange', range: { preset: '7d', from: '2026-11-16', to: '2026-11-22' } },
      { type: 'refresh' },
      { type: 'cancel' },
      { type: 'loadTrend' },
      { type: 'openPath', path: '/guides/quickstart' },
      { type: 'action', action: 'setApiKey' },
    ]) {
      assert.equal(isFromPage(message), true, JSON.stringify(message));
    }
  });

  it('refuses anything else: the page is untrusted input', () => {
    for (const message of [
      null,
      'ready',
      { type: 'runCommand', command: 'workbench.action.quit' },
      { type: 'action', action: 'workbench.action.quit' },
      { type: 'openPath', path: '../../etc/passwd' },
      { type: 'openPath', path: `/${'a'.repeat(5000)}` },
      { type: 'setRange', range: { preset: 'custom', from: '2026-11-20', to: '2026-11-01' } },
      { type: 'setRange', range: { preset: '365d', from: '2026-11-01', to: '2026-11-20' } },
      { type: 'setRange', range: { preset: 'custom', from: 'yesterday', to: '2026-11-20' } },
      { type: 'ready', range: { preset: 'custom' } },
    ]) {
      assert.equal(isFromPage(message), false, JSON.stringify(message));
    }
  });
});
