import * as assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixTitles } from '../../src/tools/failure-text';
import { actionCommands } from '../../src/editor/error-text';
import {
  commandIds,
  contextKeys,
  renamedSettings,
  settingId,
  settingNames,
  toolNames,
  reviewControllerId,
  viewIds,
  visitorsViewType,
} from '../../src/platform/manifest-ids';
import { readManifest } from '../support/manifest';

interface Manifest {
  categories: string[];
  contributes: { commands: Array<{ command: string; title: string; category?: string }> };
}

interface LanguageModelTool {
  name: string;
  toolReferenceName: string;
  canBeReferencedInPrompt: boolean;
  displayName: string;
  userDescription: string;
  modelDescription: string;
  inputSchema: { type: string; properties: Record<string, unknown>; required?: string[] };
  when: string;
}

const manifest = readManifest<Manifest>();

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

type WithWalkthroughs = {
  contributes: { walkthroughs: Array<{ steps: Array<{ description: string; completionEvents: string[]; media: { markdown?: string } }> }> };
};
const steps = (manifest: WithWalkthroughs): WithWalkthroughs['contributes']['walkthroughs'][number]['steps'] =>
  manifest.contributes.walkthroughs.flatMap((w) => w.steps);

describe('the identifiers the code shares with package.json', () => {
  const full = readManifest<{
    activationEvents: string[];
    contributes: {
      commands: Array<{ command: string }>;
      configuration: { properties: Record<string, unknown> };
      views: Record<string, Array<{ id: string }>>;
      menus: unknown;
      viewsWelcome: Array<{ contents: string }>;
      walkthroughs: Array<{ steps: Array<{ description: string; completionEvents: string[]; media: { markdown?: string } }> }>;
      languageModelTools: LanguageModelTool[];
    };
  }>();
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
    const whens =
      JSON.stringify([full.contributes.menus, full.contributes.viewsWelcome, full.contributes.languageModelTools]).match(
        /"when":"[^"]*"/g,
      ) ?? [];
    // Names after `view ==` are views, after `commentController ==` the review's comment controller, and
    // after `config.` settings; every other docsAgent.* is a context key.
    const names = whens.flatMap((when) => when.match(/(?<![.\w])docsAgent\.[A-Za-z]+/g) ?? []);
    const read = new Set(names.filter((name) => ![...Object.values<string>(viewIds), reviewControllerId].includes(name)));
    for (const when of whens.filter((w) => w.includes('commentController')))
      assert.match(when, new RegExp(`commentController == ${reviewControllerId}\\b`));
    // A walkthrough step is ticked off when a context key turns true.
    for (const event of steps(full).flatMap((step) => step.completionEvents)) {
      if (event.startsWith('onContext:')) read.add(event.slice('onContext:'.length));
    }
    assert.deepEqual(sorted(Object.values(contextKeys)), sorted(read));
  });

  it('links welcome views and walkthrough steps only to commands that exist, and each step to its page', () => {
    const texts = [...full.contributes.viewsWelcome.map((v) => v.contents), ...steps(full).map((s) => s.description)];
    const linked = texts.flatMap((text) => [...text.matchAll(/\(command:([\w.]+)/g)].map((m) => m[1] ?? ''));
    const ours = new Set<string>([...Object.values(commandIds), `${viewIds.pages}.focus`]);
    // The editor's own commands a welcome view may offer.
    const editors = new Set(['workbench.action.files.openFolder', 'workbench.trust.manage', 'workbench.action.openWalkthrough']);
    const unknown = linked.filter((id) => !ours.has(id) && !editors.has(id));
    assert.deepEqual(unknown, []);
    assert.ok(linked.includes(commandIds.connect), 'Connect is offered');
    for (const step of steps(full))
      assert.ok(step.media.markdown && existsSync(join(__dirname, '../../..', step.media.markdown)), step.description);
    for (const event of steps(full).flatMap((step) => step.completionEvents)) {
      const command = /^onCommand:(.*)$/.exec(event)?.[1];
      if (command) assert.ok(ours.has(command), event);
    }
  });

  it('declares every language model tool package.json contributes, and no other', () => {
    assert.deepEqual(sorted(Object.values(toolNames)), sorted(full.contributes.languageModelTools.map((t) => t.name)));
  });

  it('gives every tool a #name, both descriptions and an object schema, and hides it where not registered, without a key, a project or trust', () => {
    const referenceNames = new Set<string>();
    for (const tool of full.contributes.languageModelTools) {
      assert.match(tool.toolReferenceName, /^docsAgent[A-Z]\w+$/, tool.name);
      referenceNames.add(tool.toolReferenceName);
      assert.equal(tool.canBeReferencedInPrompt, true, tool.name);
      assert.ok(tool.displayName && tool.userDescription && tool.modelDescription.length > 100, tool.name);
      assert.equal(tool.inputSchema.type, 'object', tool.name);
      for (const required of tool.inputSchema.required ?? [])
        assert.ok(required in tool.inputSchema.properties, `${tool.name}: ${required}`);
      const needs = tool.when.split('&&').map((part) => part.trim());
      assert.deepEqual(
        sorted(needs),
        sorted([contextKeys.chatTools, contextKeys.hasApiKey, contextKeys.hasProjectId, 'isWorkspaceTrusted']),
        tool.name,
      );
    }
    assert.equal(referenceNames.size, full.contributes.languageModelTools.length, 'no two tools share a #name');
  });

  it('names the commands a failed tool call asks for by their palette titles', () => {
    const titles = new Map(manifest.contributes.commands.map((c) => [c.command, `${c.category ?? ''}: ${c.title}`]));
    for (const [action, title] of Object.entries(fixTitles())) {
      const id = actionCommands[action as keyof ReturnType<typeof fixTitles>].command;
      if (id.startsWith('docsAgent.')) assert.equal(titles.get(id), title, id);
    }
  });

  it('is asked to start by a cheap check of literal paths where sites live, never by a search of the whole tree', () => {
    const paths = full.activationEvents.filter((e) => e.startsWith('workspaceContains:')).map((e) => e.slice('workspaceContains:'.length));
    // Any glob character makes the editor search every folder before it asks; a literal path is one file check.
    assert.deepEqual(
      paths.filter((path) => /[*?{}[\]]/.test(path)),
      [],
    );
    for (const folder of ['', 'docs/', 'documentation/', 'apps/docs/']) {
      for (const file of ['docs.json', 'mint.json']) assert.ok(paths.includes(`${folder}${file}`), `${folder}${file}`);
    }
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

describe('the oldest VS Code it installs in', () => {
  const pkg = readManifest<{
    engines: { vscode: string };
    devDependencies: Record<string, string>;
    extensionKind?: string[];
  }>();

  it('types the code against exactly the floor engines.vscode names, so a newer API fails the type check', () => {
    const floor = /^\^(\d+\.\d+\.\d+)$/.exec(pkg.engines.vscode)?.[1];
    assert.ok(floor, `engines.vscode is a caret range: ${pkg.engines.vscode}`);
    assert.equal(pkg.devDependencies['@types/vscode'], floor, '@types/vscode is pinned to the floor');
  });

  it('runs its suites on that floor: the oldest editor provisioned is the floor’s VS Code', () => {
    const editors = JSON.parse(readFileSync(join(__dirname, '../../../test/tools/editors.json'), 'utf8')) as Record<
      string,
      { vscode: string }
    >;
    const [major, minor] = pkg.engines.vscode.slice(1).split('.');
    assert.match(editors.floor?.vscode ?? '', new RegExp(`^${major}\\.${minor}\\.\\d+$`));
  });

  it('runs where the workspace is (it reads the workspace’s files and git), also in a remote window', () => {
    assert.deepEqual(pkg.extensionKind, ['workspace']);
  });
});
