import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

interface Manifest {
  categories: string[];
  contributes: { commands: Array<{ command: string; title: string; category?: string }> };
}

const manifest = JSON.parse(readFileSync(join(__dirname, '../../../package.json'), 'utf8')) as Manifest;

describe('the commands as the palette lists them', () => {
  it('gives every command a title of its own, so no two palette entries read the same', () => {
    const seen = new Map<string, string>();
    for (const { command, title, category } of manifest.contributes.commands) {
      const shown = `${category ?? ''}: ${title}`;
      assert.equal(seen.get(shown), undefined, `${command} and ${seen.get(shown) ?? ''} both show as “${shown}”`);
      seen.set(shown, command);
    }
  });

  it('is listed under the AI category of the marketplace', () => {
    assert.ok(manifest.categories.includes('AI'));
  });
});
