// The build log's tab title, in the writer's language: "<branch> build log.log". The branch is kept
// as written (only the characters a file name cannot hold become "-"), and the name ends in `.log`
// so the editor colours the lines as a log.
import * as l10n from '@vscode/l10n';

export function buildLogFileName(branch: string): string {
  const title = l10n.t({
    message: '{0} build log',
    args: [branch.replace(/[^\w.-]+/g, '-')],
    comment: ['The build log tab’s title; {0} is the preview’s branch. “.log” is added after it.'],
  });
  return `${title.replace(/[/\\]/g, '-')}.log`;
}
