// Files the platform does not serve: what the docs root's `.mintignore` excludes (gitignore
// syntax; excluded files "are not accessible to visitors"), read with the `ignore` package,
// which implements git's matching rules and loads only for a root that has rules (most have none).

export const mintignoreFile = '.mintignore';

/** Whether a root-relative file is excluded by a `.mintignore` with this text (none: nothing is). */
export async function excludedBy(mintignore: string | undefined): Promise<(relative: string) => boolean> {
  if (!mintignore?.trim()) return () => false;
  const { default: ignore } = await import('ignore');
  const rules = ignore({ allowRelativePaths: true }).add(mintignore);
  return (relative) => {
    try {
      return rules.ignores(relative.replace(/^\/+/, ''));
    } catch {
      return false; // a path `ignore` refuses to judge ("../x") is no file of the root
    }
  };
}
