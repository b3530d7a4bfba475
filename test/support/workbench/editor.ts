// Which real editor a test run drives: DOCS_AGENT_EDITOR names one of test/tools/provision.mjs's
// editors (`current`, the newest code-server, or `floor`, the oldest VS Code engines.vscode admits).
export type EditorName = 'current' | 'floor';

export function testedEditor(env: NodeJS.ProcessEnv = process.env): EditorName {
  const name = env.DOCS_AGENT_EDITOR ?? 'current';
  if (name !== 'current' && name !== 'floor') throw new Error(`DOCS_AGENT_EDITOR must be current or floor (got "${name}")`);
  return name;
}
