// Each Docs Agent tool is defined once (src/tools/) for every agent: VS Code's chat reads the
// manifest's languageModelTools, an MCP client the definitions. What the model is told and what
// the tool takes must be the same word for word in both, and no tool may exist in one place only.
import * as assert from 'node:assert/strict';
import { toolNames } from '../../src/platform/manifest-ids';
import { described, toolSchemas } from '../../src/tools/tool-schemas';
import { readManifest } from '../support/manifest';

interface ManifestTool {
  name: string;
  modelDescription: string;
  inputSchema: unknown;
}

const manifestTools = (): ManifestTool[] =>
  readManifest<{ contributes: { languageModelTools: ManifestTool[] } }>().contributes.languageModelTools;

describe('tool definitions: one for VS Code’s chat and for MCP clients', () => {
  it('defines every tool the manifest declares, and declares every tool defined', () => {
    const declared = manifestTools()
      .map((tool) => tool.name)
      .sort();
    assert.deepEqual(Object.keys(toolSchemas).sort(), declared, 'the definitions’ tools are the manifest’s');
    assert.deepEqual(Object.values(toolNames).sort(), declared, 'toolNames names them all');
  });

  it('tells the model the same, and takes the same input, in both', () => {
    for (const tool of manifestTools()) {
      const name = tool.name as keyof typeof toolSchemas;
      assert.ok(Object.hasOwn(toolSchemas, name), `${tool.name} is defined`);
      const definition = described(name);
      assert.equal(definition.name, tool.name);
      assert.equal(definition.modelDescription, tool.modelDescription, `${tool.name}: modelDescription`);
      assert.deepEqual(definition.inputSchema, tool.inputSchema, `${tool.name}: inputSchema`);
    }
  });
});
