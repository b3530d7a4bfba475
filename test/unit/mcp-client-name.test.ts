// The name an MCP client declares, as the writer reads it in the question before anything is
// sent or spent: one short line that no character can reorder, hide or break.
import * as assert from 'node:assert/strict';
import { clientNameOf } from '../../src/mcp/client-name';

describe('an MCP client’s name, as the writer reads it', () => {
  it('drops bidirectional overrides, isolates and marks, so the name reads as its characters stand', () => {
    // U+202E would show "Claude Code‮ tnega yrev" reversed: "…very agent" would read as something else.
    assert.equal(clientNameOf({ name: 'Claude Code\u202e tnega yrev\u202c' }), 'Claude Code tnega yrev');
    assert.equal(clientNameOf({ name: '\u2067Cursor\u2069 \u200fagent\u200e' }), 'Cursor agent');
    assert.equal(clientNameOf({ name: 'Zed\u061c\u2066 editor' }), 'Zed editor');
  });

  it('keeps it to one line without zero-width or control characters', () => {
    assert.equal(clientNameOf({ name: 'Codex\nAllow\u2028all\u0085jobs\u200b!\ufeff' }), 'Codex Allow all jobs !');
  });

  it('prefers the title, caps the length at whole characters, and names an agent that gave no name', () => {
    assert.equal(clientNameOf({ name: 'claude-code', title: 'Claude Code' }), 'Claude Code');
    const long = clientNameOf({ name: `${'a'.repeat(79)}😀😀` });
    assert.equal(Array.from(long).length, 80);
    assert.ok(long.endsWith('😀'), 'the emoji is whole');
    assert.equal(clientNameOf({ name: '\u202e\u200b' }), 'An AI agent');
    assert.equal(clientNameOf(undefined), 'An AI agent');
  });
});
