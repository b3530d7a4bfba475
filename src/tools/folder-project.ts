// The project ID a folder outside this window names in its own `.vscode/settings.json` (or a
// parent's, for a docs folder inside a repository): how another agent's folder finds its project
// when the window serving the tools has another folder open.
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { parse, type ParseError } from 'jsonc-parser';
import { isRecord } from '../platform/checks';
import { settingId, settingNames } from '../platform/manifest-ids';

const key = settingId(settingNames.projectId);
/** A docs folder sits at most this deep in its repository. */
const parentsLooked = 4;

/** The project ID a settings file's text names (comments and trailing commas allowed, as VS Code allows them). */
export function projectIdInSettings(text: string): string | undefined {
  const errors: ParseError[] = [];
  const settings: unknown = parse(text, errors, { allowTrailingComma: true, disallowComments: false });
  if (!isRecord(settings)) return undefined;
  const nested = settings.docsAgent;
  const value = settings[key] ?? (isRecord(nested) ? nested.projectId : undefined);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

export async function projectIdOfFolder(folder: string): Promise<string | undefined> {
  let at = folder;
  for (let depth = 0; depth <= parentsLooked; depth++) {
    const text = await readFile(join(at, '.vscode', 'settings.json'), 'utf8').catch(() => undefined);
    const id = text === undefined ? undefined : projectIdInSettings(text);
    if (id) return id;
    if (dirname(at) === at) break;
    at = dirname(at);
  }
  return undefined;
}
