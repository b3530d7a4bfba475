// A repository's .vscode/settings.json must not choose what acts beyond it: with
// docsAgent.jobs.hideFinishedAfterDays at 0.001 there, the daily pruning removed every other
// project's finished jobs. Each user-only setting is application scoped in package.json (its old
// name too) and the settings reader takes it from the user's settings alone.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renamedSettings, settingId, settingNames, userOnlySettings } from '../../src/platform/manifest-ids';

interface Property {
  scope?: string;
}
const repo = join(__dirname, '../../..');
const manifest = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as {
  contributes: { configuration: { properties: Record<string, Property> } };
};
const properties = manifest.contributes.configuration.properties;
const userOnly = new Set<string>(Object.keys(userOnlySettings));
const isUserScope = (property: Property | undefined): boolean => property?.scope === 'application' || property?.scope === 'machine';
const oldNamesOf = (name: string): string[] => Object.keys(renamedSettings).filter((old) => renamedSettings[old] === name);

/** The settings reader's files: every docsAgent setting is read there and nowhere else. */
const readerFiles = ['src/editor/config.ts', 'src/editor/config-readers.ts'];
const source = (file: string): string => readFileSync(join(repo, file), 'utf8');

/** The body of `function name(` in `text`, up to the closing brace at the start of a line. */
function functionBody(text: string, name: string): string {
  const start = text.indexOf(`function ${name}(`);
  assert.ok(start >= 0, `config.ts has ${name}()`);
  return text.slice(start, text.indexOf('\n}', start));
}

describe('settings that act beyond one workspace are the user’s alone', () => {
  it('names the ones that act for the whole machine (pruning, announcing, polling)', () => {
    for (const name of [settingNames.hideFinishedAfterDays, settingNames.notifyOn, settingNames.pollMaxIntervalSeconds]) {
      assert.ok(userOnly.has(name), `${settingId(name)} acts for every project on the machine`);
    }
  });

  it('names the confirmation before sending: a repository must not turn it off for the writer', () => {
    // With docsAgent.jobs.confirmBeforeSending: false in a cloned repository's settings, a click
    // in a menu sent a selection as a job (a pull request, an agent use) without asking.
    assert.ok(userOnly.has(settingNames.confirmBeforeSending), `${settingId(settingNames.confirmBeforeSending)} is the user's`);
  });

  it('declares each of them, and each old name of one, application or machine scoped in package.json', () => {
    for (const name of userOnly) {
      for (const id of [`docsAgent.${name}`, ...oldNamesOf(name).map((old) => `docsAgent.${old}`)]) {
        assert.ok(isUserScope(properties[id]), `${id} has scope ${properties[id]?.scope ?? '(none: a workspace may set it)'}`);
      }
    }
  });

  it('lists every setting package.json scopes to the user, so none is read the workspace’s way', () => {
    for (const [id, property] of Object.entries(properties)) {
      const name = id.replace(/^docsAgent\./, '');
      if (isUserScope(property))
        assert.ok(userOnly.has(renamedSettings[name] ?? name), `${id} is application scoped but read as any other`);
    }
  });

  it('reads them through userValue alone, which takes the user’s value and never a workspace’s', () => {
    const config = source('src/editor/config.ts');
    const body = functionBody(config, 'userValue');
    assert.match(body, /globalValue/);
    assert.doesNotMatch(body, /workspaceValue|workspaceFolderValue|config\.get\b/, 'userValue reads only the user’s settings');
    for (const file of readerFiles) {
      const text = source(file);
      for (const match of text.matchAll(/settingNames\.(\w+)/g)) {
        const name = settingNames[match[1] as keyof typeof settingNames];
        if (!userOnly.has(name)) continue;
        const before = text.slice(Math.max(0, (match.index ?? 0) - 20), match.index);
        const after = text.slice(match.index, text.indexOf(';', match.index));
        const read = /user(Value|Number|Strings)\($/.test(before);
        const userWrite = /update\($/.test(before) && after.includes('ConfigurationTarget.Global');
        assert.ok(read || userWrite, `${file} reads ${settingId(name)} other than through userValue: …${before}${after}`);
      }
    }
    for (const helper of ['userNumber', 'userStrings']) {
      assert.match(functionBody(config, helper), /userValue\(name\)/, `${helper} reads through userValue`);
    }
  });
});
