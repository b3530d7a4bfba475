// Reading a base URL out of a workspace's own settings file. VS Code hides it from the extension
// (the setting is application scoped), so Docs Agent reads the file to tell the user it is ignored.
// Its own file: the JSONC parser loads only when a settings file is there to read.
import { parse, type ParseError } from 'jsonc-parser';
import { isRecord } from '../platform/checks';
import { settingId, settingNames } from '../platform/manifest-ids';

const key = settingId(settingNames.baseUrl);

/**
 * The base URL a settings file names: a folder's `.vscode/settings.json`, or the `settings` of a
 * `.code-workspace` file. Comments and trailing commas are allowed (as VS Code allows them);
 * a file that cannot be parsed names nothing.
 */
export function baseUrlInSettings(text: string, workspaceFile: boolean): string | undefined {
  const errors: ParseError[] = [];
  const parsed: unknown = parse(text, errors, { allowTrailingComma: true, disallowComments: false });
  const settings = workspaceFile && isRecord(parsed) ? parsed.settings : parsed;
  if (!isRecord(settings)) return undefined;
  const nested = settings.docsAgent;
  const value = settings[key] ?? (isRecord(nested) ? nested.baseUrl : undefined);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}
