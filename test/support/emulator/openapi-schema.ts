// Checks JSON values against the published OpenAPI descriptions, copies of which are kept in the
// repository (test/fixtures/openapi/), so a clone on any machine runs every test.
// A small subset of JSON Schema, enough for those files: $ref, anyOf / oneOf, type (3.0 `nullable` and
// 3.1 type arrays), required, properties, items, enum, minLength, minimum/maximum, and
// formats uri / date-time checked lightly. Unknown keywords are ignored, as are extra
// properties (the service may add fields; clients must ignore them).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export type OpenApiDoc = Record<string, unknown>;
type Schema = Record<string, unknown>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The repository root: the nearest folder above this file holding package.json. */
function repoRoot(): string {
  let dir = __dirname;
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`no package.json above ${__dirname}`);
    dir = parent;
  }
  return dir;
}

type OpenApiFile = 'admin-openapi.json' | 'analytics.openapi.json' | 'deployments.openapi.json';

export function loadOpenApi(file: OpenApiFile): OpenApiDoc {
  const parsed: unknown = JSON.parse(readFileSync(join(repoRoot(), 'test/fixtures/openapi', file), 'utf8'));
  if (!isRecord(parsed)) throw new Error(`${file} is not a JSON object`);
  return parsed;
}

/** Follows a local `#/a/b` reference inside the document. */
function deref(doc: OpenApiDoc, ref: string): Schema {
  if (!ref.startsWith('#/')) throw new Error(`only local $ref is supported, not ${ref}`);
  let node: unknown = doc;
  for (const raw of ref.slice(2).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    node = isRecord(node) ? node[key] : undefined;
  }
  if (!isRecord(node)) throw new Error(`$ref ${ref} does not resolve`);
  return node;
}

function at(node: unknown, ...keys: string[]): unknown {
  let current = node;
  for (const key of keys) current = isRecord(current) ? current[key] : undefined;
  return current;
}

/** The JSON schema of a response, e.g. ('/v2/agent/{projectId}/job', 'post', '201'). */
export function responseSchema(doc: OpenApiDoc, path: string, method: string, status: string): Schema {
  const schema = at(doc, 'paths', path, method, 'responses', status, 'content', 'application/json', 'schema');
  if (!isRecord(schema)) throw new Error(`no JSON schema for ${method} ${path} ${status}`);
  return schema;
}

/** The JSON schema of a request body. */
export function requestSchema(doc: OpenApiDoc, path: string, method: string): Schema {
  let body = at(doc, 'paths', path, method, 'requestBody');
  if (isRecord(body) && typeof body.$ref === 'string') body = deref(doc, body.$ref);
  const schema = at(body, 'content', 'application/json', 'schema');
  if (!isRecord(schema)) throw new Error(`no request schema for ${method} ${path}`);
  return schema;
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function typeMatches(wanted: string, actual: string): boolean {
  return wanted === actual || (wanted === 'number' && actual === 'integer');
}

const DATE_TIME_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;

function formatError(format: unknown, value: string): string | null {
  if (format === 'date-time' && (!DATE_TIME_RE.test(value) || Number.isNaN(Date.parse(value)))) return 'is not an RFC 3339 date-time';
  if (format === 'uri') {
    try {
      new URL(value);
    } catch {
      return 'is not an absolute URI';
    }
  }
  return null;
}

/** Every way `value` fails `schema`, as "pointer: problem" lines; empty when it fits. */
export function validate(doc: OpenApiDoc, schema: Schema, value: unknown, pointer = ''): string[] {
  if (typeof schema.$ref === 'string') return validate(doc, deref(doc, schema.$ref), value, pointer);
  const where = pointer || '(root)';
  const branches = [schema.anyOf, schema.oneOf].find(Array.isArray)?.filter(isRecord);
  if (branches?.length) {
    // Fits when one branch fits; else the nearest branch's problems say why.
    const outcomes = branches.map((branch) => validate(doc, branch, value, pointer)).sort((a, b) => a.length - b.length);
    return outcomes[0]?.length ? outcomes[0] : [];
  }
  const actual = typeOf(value);
  if (value === null && schema.nullable === true) return [];
  const types = Array.isArray(schema.type) ? schema.type : schema.type === undefined ? [] : [schema.type];
  if (types.length > 0 && !types.some((t) => typeof t === 'string' && typeMatches(t, actual))) {
    return [`${where}: expected ${types.join(' | ')}${schema.nullable === true ? ' | null' : ''}, got ${actual}`];
  }
  const errors: string[] = [];
  if (Array.isArray(schema.enum) && !schema.enum.some((e) => e === value)) {
    errors.push(`${where}: ${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`);
  }
  if (typeof value === 'string') {
    if (typeof schema.minLength === 'number' && value.length < schema.minLength) errors.push(`${where}: shorter than ${schema.minLength}`);
    const problem = formatError(schema.format, value);
    if (problem) errors.push(`${where}: ${JSON.stringify(value)} ${problem}`);
  }
  if (typeof value === 'number') {
    if (typeof schema.minimum === 'number' && value < schema.minimum) errors.push(`${where}: below ${schema.minimum}`);
    if (typeof schema.maximum === 'number' && value > schema.maximum) errors.push(`${where}: above ${schema.maximum}`);
  }
  if (isRecord(value)) {
    if (Array.isArray(schema.required)) {
      for (const name of schema.required) {
        if (typeof name === 'string' && !(name in value)) errors.push(`${where}: missing required "${name}"`);
      }
    }
    if (isRecord(schema.properties)) {
      for (const [name, sub] of Object.entries(schema.properties)) {
        if (name in value && isRecord(sub)) errors.push(...validate(doc, sub, value[name], `${pointer}/${name}`));
      }
    }
  }
  if (Array.isArray(value) && isRecord(schema.items)) {
    const items = schema.items;
    value.forEach((item, i) => errors.push(...validate(doc, items, item, `${pointer}/${i}`)));
  }
  return errors;
}

/**
 * A value with every property the schema declares, at every depth: the first enum value, a
 * string, a number, one array item. Lets a test feed a client's validator all a reply may hold.
 */
export function sampleOf(doc: OpenApiDoc, schema: Schema, name = 'value'): unknown {
  if (typeof schema.$ref === 'string') return sampleOf(doc, deref(doc, schema.$ref), name);
  const [branch] = [schema.anyOf, schema.oneOf].find(Array.isArray)?.filter(isRecord) ?? [];
  if (branch) return sampleOf(doc, branch, name);
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0] as unknown;
  const type = Array.isArray(schema.type) ? (schema.type.find((t) => t !== 'null') as unknown) : schema.type;
  if (type === 'object' || isRecord(schema.properties)) {
    const properties = isRecord(schema.properties) ? schema.properties : {};
    return Object.fromEntries(
      Object.entries(properties).flatMap(([key, sub]) => (isRecord(sub) ? [[key, sampleOf(doc, sub, `${name}.${key}`)]] : [])),
    );
  }
  if (type === 'array') return isRecord(schema.items) ? [sampleOf(doc, schema.items, `${name}[0]`)] : [];
  if (type === 'number' || type === 'integer') return 1;
  if (type === 'boolean') return true;
  return schema.format === 'date-time' ? '2026-11-01T09:00:00.000Z' : `sample ${name}`;
}

/** Top-level fields of `value` that the schema does not declare (a reply inventing fields). */
export function undeclaredFields(schema: Schema, value: unknown): string[] {
  const declared = isRecord(schema.properties) ? schema.properties : {};
  return isRecord(value) ? Object.keys(value).filter((name) => !(name in declared)) : [];
}

/** Throws one error listing every mismatch, for use in tests. */
export function assertMatchesSchema(doc: OpenApiDoc, schema: Schema, value: unknown, label = 'value'): void {
  const errors = validate(doc, schema, value);
  if (errors.length > 0) throw new Error(`${label} does not match the published schema:\n  ${errors.join('\n  ')}`);
}
