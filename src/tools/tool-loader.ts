// The tools, loaded once on first use by whichever adapter asks first (chat or the MCP server):
// activation registers names only. What the model reads of each tool comes from package.json.
import { isRecord } from '../platform/checks';
import { loadOnce } from '../platform/load-once';
import type { ToolDefinition } from './tool-definition';
import type { DeclaredTool, ToolDeps } from './tool-set';

/** `contributes.languageModelTools` of the extension's own package.json (as the editor read it). */
export function declaredTools(packageJson: unknown): DeclaredTool[] {
  const contributes = isRecord(packageJson) ? packageJson.contributes : undefined;
  const tools = isRecord(contributes) && Array.isArray(contributes.languageModelTools) ? contributes.languageModelTools : [];
  return tools.filter(
    (tool): tool is DeclaredTool =>
      isRecord(tool) && typeof tool.name === 'string' && typeof tool.modelDescription === 'string' && isRecord(tool.inputSchema),
  );
}

export type ToolLoader = () => Promise<readonly ToolDefinition[]>;

export function toolLoader(deps: ToolDeps, declared: readonly DeclaredTool[]): ToolLoader {
  return loadOnce(async () => (await import('./tool-set')).toolDefinitions(deps, declared));
}
