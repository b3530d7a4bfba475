// The chat tools themselves, by name: every definition (tools/tool-set.ts) as a language model
// tool, loaded the first time chat calls one (chat-tools.ts).
import type * as vscode from 'vscode';
import { toolNames } from '../platform/manifest-ids';
import { type ToolDeps, toolDefinitions, type ToolName } from '../tools/tool-set';
import { ChatTool } from './chat-tool';

export function chatToolSet(deps: ToolDeps): Record<ToolName, vscode.LanguageModelTool<never>> {
  const definitions = toolDefinitions(deps);
  const tools = {} as Record<ToolName, vscode.LanguageModelTool<never>>;
  for (const name of Object.values(toolNames)) tools[name] = new ChatTool(definitions[name]);
  return tools;
}
