// A page's title from its frontmatter, as the Pages view labels it: `title`, else
// `sidebarTitle`. Only the frontmatter block at the very top counts; quotes are taken off.

const block = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---(?:\r?\n|$)/;

function valueOf(frontmatter: string, key: string): string | undefined {
  const line = new RegExp(`^${key}\\s*:\\s*(.*)$`, 'm').exec(frontmatter)?.[1]?.trim();
  if (!line) return undefined;
  const quoted = /^(["'])(.*)\1\s*(?:#.*)?$/.exec(line);
  const value = (quoted ? quoted[2] : line.replace(/\s+#.*$/, ''))?.trim();
  return value || undefined;
}

export function frontmatterTitle(text: string): string | undefined {
  const frontmatter = block.exec(text)?.[1];
  return frontmatter === undefined ? undefined : (valueOf(frontmatter, 'title') ?? valueOf(frontmatter, 'sidebarTitle'));
}
