import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  commandIds,
  contextKeys,
  renamedSettings,
  settingId,
  settingNames,
  viewIds,
  visitorsViewType,
} from '../../src/platform/manifest-ids';

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

describe('the identifiers the code shares with package.json', () => {
  const full = JSON.parse(readFileSync(join(__dirname, '../../../package.json'), 'utf8')) as {
    activationEvents: string[];
    contributes: {
      commands: Array<{ command: string }>;
      configuration: { properties: Record<string, unknown> };
      views: Record<string, Array<{ id: string }>>;
      menus: unknown;
      viewsWelcome: unknown;
    };
  };
  const sorted = (values: Iterable<string>): string[] => [...values].sort();

  it('declares every command package.json contributes, and no other', () => {
    assert.deepEqual(sorted(Object.values(commandIds)), sorted(full.contributes.commands.map((c) => c.command)));
  });

  it('declares every setting package.json contributes, and no other; each old name is marked renamed, with its new name', () => {
    const oldIds = Object.keys(renamedSettings).map((old) => `docsAgent.${old}`);
    assert.deepEqual(
      sorted([...Object.values(settingNames).map(settingId), ...oldIds]),
      sorted(Object.keys(full.contributes.configuration.properties)),
    );
    for (const [old, renamed] of Object.entries(renamedSettings)) {
      const property = full.contributes.configuration.properties[`docsAgent.${old}`] as { deprecationMessage?: string };
      assert.ok(property.deprecationMessage?.includes(settingId(renamed)), `docsAgent.${old} names ${settingId(renamed)}`);
    }
  });

  it('sets exactly the context keys the when clauses read', () => {
    const whens = JSON.stringify([full.contributes.menus, full.contributes.viewsWelcome]).match(/"when":"[^"]*"/g) ?? [];
    // Names after `view ==` are views and after `config.` settings; every other docsAgent.* is a context key.
    const names = whens.flatMap((when) => when.match(/(?<![.\w])docsAgent\.[A-Za-z]+/g) ?? []);
    const read = new Set(names.filter((name) => !Object.values<string>(viewIds).includes(name)));
    assert.deepEqual(sorted(Object.values(contextKeys)), sorted(read));
  });

  it('names the jobs view and the visitors panel as package.json does', () => {
    assert.ok(
      Object.values(full.contributes.views)
        .flat()
        .some((v) => v.id === viewIds.jobs),
    );
    assert.ok(full.activationEvents.includes(`onWebviewPanel:${visitorsViewType}`));
  });
});
