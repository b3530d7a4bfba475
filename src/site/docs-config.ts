// A docs root's configuration as the site builds it: docs.json (or an older site's mint.json)
// read as JSON with comments, every `{ "$ref": "./other.json" }` replaced by that file's
// contents (relative to the file holding it, never outside the root), and where the site
// keeps its redirects, so a new one can go there.
import * as l10n from '@vscode/l10n';
import * as path from 'node:path';
import { parse, type ParseError } from 'jsonc-parser';
import { isRecord } from '../platform/checks';
import { docsConfigFiles } from './config-files';

export interface DocsConfig {
  /** The configuration file read (absolute, posix). */
  file: string;
  /** Its contents with every $ref resolved. */
  value: Record<string, unknown>;
  /** The file that holds the redirects list and the JSON path to the list inside it; undefined when its $ref leaves the docs folder. */
  redirectsAt: { file: string; path: (string | number)[] } | undefined;
  /** Every file read, the configuration first. */
  files: string[];
  /** What could not be read, one sentence each (in the writer's language). */
  problems: string[];
}

export type ReadText = (file: string) => Promise<string | undefined>;

export function parseJsonc(text: string): unknown {
  const errors: ParseError[] = [];
  const value: unknown = parse(text, errors, { allowTrailingComma: true, disallowComments: false });
  return errors.length && value === undefined ? undefined : value;
}

function refOf(value: unknown): string | undefined {
  return isRecord(value) && typeof value.$ref === 'string' ? value.$ref : undefined;
}

/** Whether `file` is below `root` (both absolute, posix), by their names alone. */
export function isInside(file: string, root: string): boolean {
  const relative = path.posix.relative(root, file);
  return relative !== '' && !relative.startsWith('..') && !path.posix.isAbsolute(relative);
}

class Resolver {
  readonly files: string[] = [];
  readonly problems: string[] = [];

  constructor(
    private readonly root: string,
    private readonly read: ReadText,
  ) {}

  /** A referenced file, parsed; undefined (with a problem noted) when it is outside the root, missing or not JSON. */
  async load(ref: string, from: string): Promise<{ file: string; value: unknown } | undefined> {
    const file = path.posix.resolve(path.posix.dirname(from), ref);
    const relative = path.posix.relative(this.root, file);
    if (!isInside(file, this.root)) {
      this.problems.push(l10n.t('{0} refers to {1}, outside the docs folder; it is ignored.', path.posix.basename(from), ref));
      return undefined;
    }
    const text = await this.read(file);
    const value = text === undefined ? undefined : parseJsonc(text);
    if (value === undefined) {
      this.problems.push(l10n.t('{0} (named by a $ref) is missing or is not JSON.', relative));
      return undefined;
    }
    this.files.push(file);
    return { file, value };
  }

  async resolve(value: unknown, from: string, chain: readonly string[]): Promise<unknown> {
    const ref = refOf(value);
    if (ref !== undefined) {
      const target = path.posix.resolve(path.posix.dirname(from), ref);
      if (chain.includes(target) || chain.length > 16) {
        this.problems.push(l10n.t('{0} refers back to itself through {1}; that part is ignored.', path.posix.basename(from), ref));
        return undefined;
      }
      const loaded = await this.load(ref, from);
      return loaded ? this.resolve(loaded.value, loaded.file, [...chain, loaded.file]) : undefined;
    }
    if (Array.isArray(value)) return Promise.all(value.map((item) => this.resolve(item, from, chain)));
    if (!isRecord(value)) return value;
    const entries = await Promise.all(
      Object.entries(value).map(async ([key, item]) => [key, await this.resolve(item, from, chain)] as const),
    );
    return Object.fromEntries(entries);
  }
}

/** Where new redirects go: the file a `redirects` $ref names (the list itself, or its `redirects`), else the configuration. */
async function redirectsPlace(
  root: string,
  raw: Record<string, unknown>,
  file: string,
  read: ReadText,
): Promise<DocsConfig['redirectsAt']> {
  const ref = refOf(raw.redirects);
  if (ref === undefined) return { file, path: ['redirects'] };
  const target = path.posix.resolve(path.posix.dirname(file), ref);
  // A $ref out of the docs folder is never written to: a cloned repository could aim it anywhere.
  // (By name here; where links lead is checked before writing, in redirects-target.ts.)
  if (!isInside(target, root)) return undefined;
  const text = await read(target);
  const value = text === undefined ? undefined : parseJsonc(text);
  return isRecord(value) ? { file: target, path: ['redirects'] } : { file: target, path: [] };
}

/** The configuration of the docs root `root` (absolute, posix), or undefined when it has none. */
export async function readDocsConfig(root: string, read: ReadText): Promise<DocsConfig | undefined> {
  for (const name of docsConfigFiles) {
    const file = path.posix.join(root, name);
    const text = await read(file);
    if (text === undefined) continue;
    const resolver = new Resolver(root, read);
    const raw = parseJsonc(text);
    if (!isRecord(raw)) {
      return {
        file,
        value: {},
        redirectsAt: { file, path: ['redirects'] },
        files: [file],
        problems: [l10n.t('{0} is not a JSON object.', name)],
      };
    }
    const value = await resolver.resolve(raw, file, [file]);
    const resolved = isRecord(value) ? value : {};
    // A $ref'd redirects file holding an object keeps its list under `redirects`.
    if (isRecord(resolved.redirects) && Array.isArray(resolved.redirects.redirects)) resolved.redirects = resolved.redirects.redirects;
    return {
      file,
      value: resolved,
      redirectsAt: await redirectsPlace(root, raw, file, read),
      files: [file, ...resolver.files],
      problems: resolver.problems,
    };
  }
  return undefined;
}
