// A preview's pages as plain HTML: enough markdown for a test (and a person in the Simple
// Browser) to read a page as the branch has it: frontmatter title, headings, paragraphs, lists,
// blockquotes, code, links. MDX components are left out. All text is escaped.

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** `title:` of the frontmatter (quotes dropped) and the text after it. */
export function splitFrontmatter(text: string): { title: string | undefined; body: string } {
  const m = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/.exec(text);
  if (!m) return { title: undefined, body: text };
  const line = /^title:\s*(.*)$/m.exec(m[1] ?? '')?.[1]?.trim();
  const title = line?.replace(/^(["'])(.*)\1$/, '$2');
  return { title: title || undefined, body: text.slice(m[0].length) };
}

/** Internal links stay inside the preview (`/x` -> `<base>/x`); only http(s) leaves it; others become text. */
function anchor(label: string, target: string, base: string): string {
  const internal = target.startsWith('/') && !target.startsWith('//');
  const href = internal ? `${base}${target}` : /^https?:\/\//i.test(target) ? target : undefined;
  return href === undefined ? escapeHtml(label) : `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`;
}

export function inline(text: string, base: string): string {
  const re = /`([^`]+)`|\*\*([^*]+)\*\*|\[([^\]]*)\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g;
  let out = '';
  let last = 0;
  for (const m of text.matchAll(re)) {
    out += escapeHtml(text.slice(last, m.index));
    if (m[1] !== undefined) out += `<code>${escapeHtml(m[1])}</code>`;
    else if (m[2] !== undefined) out += `<strong>${escapeHtml(m[2])}</strong>`;
    else out += anchor(m[3] ?? '', m[4] ?? '', base);
    last = m.index + m[0].length;
  }
  return out + escapeHtml(text.slice(last));
}

type Kind = 'blank' | 'heading' | 'quote' | 'item' | 'tag' | 'text';

function kindOf(line: string): Kind {
  if (line.trim() === '') return 'blank';
  if (/^#{1,6}\s/.test(line)) return 'heading';
  if (/^>/.test(line)) return 'quote';
  if (/^\s*([-*]|\d+\.)\s/.test(line)) return 'item';
  return /^\s*<\/?[A-Za-z]/.test(line) ? 'tag' : 'text';
}

function renderGroup(kind: Kind, lines: string[], base: string): string {
  switch (kind) {
    case 'heading': {
      const [, hashes = '#', text = ''] = /^(#{1,6})\s+(.*)$/.exec(lines[0] ?? '') ?? [];
      return `<h${hashes.length}>${inline(text, base)}</h${hashes.length}>`;
    }
    case 'quote':
      return `<blockquote><p>${inline(lines.map((l) => l.replace(/^>\s?/, '')).join(' '), base)}</p></blockquote>`;
    case 'item':
      return `<ul>${lines.map((l) => `<li>${inline(l.replace(/^\s*([-*]|\d+\.)\s+/, ''), base)}</li>`).join('')}</ul>`;
    case 'text':
      return `<p>${inline(lines.map((l) => l.trim()).join(' '), base)}</p>`;
    case 'blank':
    case 'tag':
      return '';
  }
}

/** The markdown body as HTML blocks; `base` is the preview's own path prefix. */
export function renderMarkdown(body: string, base: string): string {
  const out: string[] = [];
  let group: { kind: Kind; lines: string[] } | undefined;
  let code: string[] | undefined;
  const flush = (): void => {
    if (group) out.push(renderGroup(group.kind, group.lines, base));
    group = undefined;
  };
  for (const line of body.split(/\r?\n/)) {
    if (/^(```|~~~)/.test(line)) {
      flush();
      if (code) out.push(`<pre><code>${escapeHtml(code.join('\n'))}</code></pre>`);
      code = code ? undefined : [];
      continue;
    }
    if (code) {
      code.push(line);
      continue;
    }
    const kind = kindOf(line);
    if (group?.kind !== kind || kind === 'heading') flush();
    group ??= { kind, lines: [] };
    group.lines.push(line);
  }
  flush();
  if (code) out.push(`<pre><code>${escapeHtml(code.join('\n'))}</code></pre>`);
  return out.filter(Boolean).join('\n');
}

const STYLE =
  'body{font:16px/1.6 system-ui,sans-serif;margin:0;color:#1f2328;background:#fff}' +
  'header{padding:.5rem 1.5rem;background:#0b5e52;color:#fff;font-size:.85rem}' +
  'main{max-width:46rem;padding:1rem 1.5rem}a{color:#0b5e52}' +
  'blockquote{border-left:3px solid #0d9373;margin:1rem 0;padding:0 1rem;color:#555}' +
  'pre{background:#f6f8fa;padding:.75rem;overflow:auto}';

/** A whole HTML document: a banner naming the preview, then the content. */
export function htmlPage(title: string, banner: string, content: string): string {
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>`,
    `<body><header>${escapeHtml(banner)}</header><main>${content}</main></body></html>`,
    '',
  ].join('\n');
}
