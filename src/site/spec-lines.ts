// Where each operation of an OpenAPI file is written, so a generated page can open its spec at
// the operation: the line of the method under its path, read from the text (JSON or YAML, as
// writers lay them out) without parsing it again. A file on one line answers line 0.

const keyLine = /^(\s*)(?:"((?:[^"\\]|\\.)*)"|'([^']*)'|([^\s"'#:][^:#]*?))\s*:(?:\s|$)/;
const methods = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'trace']);

interface Key {
  indent: number;
  key: string;
}

function keyOf(line: string): Key | undefined {
  const match = keyLine.exec(line);
  if (!match) return undefined;
  const key = match[2]?.replace(/\\\//g, '/') ?? match[3] ?? match[4] ?? '';
  return { indent: match[1]?.length ?? 0, key: key.trim() };
}

/** `get /users` → its 0-based line (the method's, else the path's), for every operation found. */
export function operationLines(text: string): Map<string, number> {
  const lines = new Map<string, number>();
  let paths: number | undefined; // indent of the `paths` key
  let pathIndent: number | undefined; // indent of the keys under it
  let current: { path: string; child?: number } | undefined; // the path being read, its keys' indent
  text.split(/\r?\n/).forEach((line, index) => {
    const found = keyOf(line);
    if (!found) return;
    const { indent, key } = found;
    if (paths === undefined || indent <= paths) {
      paths = key === 'paths' ? indent : undefined;
      pathIndent = undefined;
      current = undefined;
      return;
    }
    pathIndent ??= indent;
    if (indent === pathIndent) {
      current = key.startsWith('/') ? { path: key } : undefined;
      if (current && !lines.has(` ${key}`)) lines.set(` ${key}`, index);
      return;
    }
    if (!current) return;
    current.child ??= indent;
    const method = key.toLowerCase();
    // Only the path's own keys: a schema property named `delete` deeper down is no operation.
    if (indent === current.child && methods.has(method) && !lines.has(`${method} ${current.path}`))
      lines.set(`${method} ${current.path}`, index);
  });
  return lines;
}

/** The line of one operation: its method's, else its path's; undefined when the text has neither. */
export function operationLine(lines: ReadonlyMap<string, number>, method: string, path: string): number | undefined {
  return lines.get(`${method.toLowerCase()} ${path}`) ?? lines.get(` ${path}`);
}
