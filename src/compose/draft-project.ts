// Which project a new job's draft goes to. A draft is kept for the whole machine, so it can be
// sent from a window on another site than the one it was started in: it goes to the project it
// was started for, and when the sending window works on another one, the writer says which.
// No vscode import: the decision is tested in plain Node, the question is asked in send-project.ts.
import type { ProjectScope } from '../api/project-scope';

/** Where a draft goes: straight to one project, or the writer picks between the draft's and the window's. */
export type DraftDestination = { send: ProjectScope } | { ask: { draft: ProjectScope; window: ProjectScope } };

const sameProject = (a: ProjectScope, b: ProjectScope): boolean => a.baseUrl === b.baseUrl && a.projectId === b.projectId;

/**
 * @param draft the project the draft was started for (undefined for a draft an earlier version kept)
 * @param window the sending window's project for the draft's page
 */
export function draftDestination(draft: ProjectScope | undefined, window: ProjectScope): DraftDestination {
  // Started where no project was set yet, or before drafts knew theirs: the window's, as ever.
  if (!draft?.projectId) return { send: window };
  if (!window.projectId || sameProject(draft, window)) return { send: draft };
  return { ask: { draft, window } };
}

/** How the question names the two projects: their ids, with the service when the ids alone are the same. */
export function projectNames(draft: ProjectScope, window: ProjectScope): { draft: string; window: string } {
  if (draft.projectId !== window.projectId) return { draft: draft.projectId, window: window.projectId };
  return { draft: `${draft.projectId} · ${draft.baseUrl}`, window: `${window.projectId} · ${window.baseUrl}` };
}
