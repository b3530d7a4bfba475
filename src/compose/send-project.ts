// The project a new job's draft is sent to, asking the writer when the draft was started for
// another project than the sending window's (draft-project.ts decides when).
import * as l10n from '@vscode/l10n';
import type { ProjectScope } from '../api/project-scope';
import { showInfo } from '../editor/say';
import { draftDestination, projectNames } from './draft-project';

/** The project to send to; undefined when the writer closed the question (the draft stays). */
export async function projectToSend(draft: ProjectScope | undefined, window: ProjectScope): Promise<ProjectScope | undefined> {
  const destination = draftDestination(draft, window);
  if ('send' in destination) return destination.send;
  const names = projectNames(destination.ask.draft, destination.ask.window);
  const toDraft = l10n.t({ message: 'Project “{0}”', args: [names.draft], comment: ['Button: sends the draft to this project'] });
  const toWindow = l10n.t({ message: 'Project “{0}”', args: [names.window], comment: ['Button: sends the draft to this project'] });
  const picked = await showInfo(
    l10n.t(
      'This draft was started for project “{0}”, and this window works on project “{1}”. Which project should the agent work on?',
      names.draft,
      names.window,
    ),
    { modal: true },
    toDraft,
    toWindow,
  );
  if (picked === toDraft) return destination.ask.draft;
  return picked === toWindow ? destination.ask.window : undefined;
}
