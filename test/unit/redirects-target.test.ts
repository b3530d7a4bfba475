// Add Redirect never writes outside the docs folder, through a link any more than by a $ref:
// real files and real symbolic links in a temporary folder.
import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { realpath } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { readDocsConfig } from '../../src/site/docs-config';
import { redirectsTarget } from '../../src/site/redirects-target';
import { readTextOrNothing } from '../support/site-files';

const read = readTextOrNothing;

describe('site: where Add Redirect may write, links followed', () => {
  // Resolved once, so the paths compared are the disk's own (a temporary folder may itself be under a link).
  const top = realpathSync(mkdtempSync(join(tmpdir(), 'docs-agent-links-')));
  const outsideList = '[{ "source": "/outside", "destination": "/x" }]';
  let sites = 0;

  /** A docs folder next to an `outside` folder, with `files` written and `links` (name → what it points at) made. */
  function site(files: Record<string, string>, links: Record<string, string> = {}): string {
    const folder = join(top, `case-${++sites}`);
    const root = join(folder, 'docs');
    const write = (file: string, text: string): void => {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, text);
    };
    write(join(folder, 'outside', 'redirects.json'), outsideList);
    write(join(folder, 'outside', 'docs.json'), '{ "redirects": [] }');
    mkdirSync(root);
    for (const [name, text] of Object.entries(files)) write(join(root, name), text);
    for (const [name, target] of Object.entries(links)) symlinkSync(target, join(root, name));
    return root;
  }
  const targetOf = async (root: string): Promise<Awaited<ReturnType<typeof redirectsTarget>>> => {
    const config = await readDocsConfig(root, read);
    assert.ok(config);
    return redirectsTarget(config, root, (file) => realpath(file));
  };
  const outside = (name: string): { problem: string } => ({
    problem: `${name} is a link to a file outside the docs folder, and Docs Agent does not write there. Add the redirect by hand.`,
  });

  it('refuses a $ref file that is a link out of the docs folder, though the site reads through it; a link that stays in is fine', async () => {
    const out = site({ 'docs.json': '{ "redirects": { "$ref": "./redirects.json" } }' }, { 'redirects.json': '../outside/redirects.json' });
    const config = await readDocsConfig(out, read);
    assert.deepEqual(config?.value.redirects, JSON.parse(outsideList));
    assert.deepEqual(await targetOf(out), outside('redirects.json'));
    // A link that stays in the folder, and the folder opened by way of a link: both sides are followed.
    const root = site(
      { 'docs.json': '{ "redirects": { "$ref": "./redirects.json" } }', 'lists/redirects.json': '[]' },
      { 'redirects.json': './lists/redirects.json' },
    );
    assert.deepEqual(await targetOf(root), { file: join(root, 'redirects.json'), path: [] });
    const alias = join(top, `alias-${sites}`);
    symlinkSync(root, alias);
    assert.deepEqual(await targetOf(alias), { file: join(alias, 'redirects.json'), path: [] });
  });
  it('refuses a $ref into a linked folder that leads out, and a docs.json that is itself such a link', async () => {
    const linkedFolder = site({ 'docs.json': '{ "redirects": { "$ref": "./data/redirects.json" } }' }, { data: '../outside' });
    assert.deepEqual(await targetOf(linkedFolder), outside('data/redirects.json'));
    const linkedConfig = site({}, { 'docs.json': '../outside/docs.json' });
    assert.deepEqual(await targetOf(linkedConfig), outside('docs.json'));
  });
  it('says a $ref file that is not there, or a link to nothing, cannot be opened', async () => {
    const missing = site({ 'docs.json': '{ "redirects": { "$ref": "./gone.json" } }' });
    assert.deepEqual(await targetOf(missing), { problem: 'gone.json, where this site keeps its redirects, cannot be opened.' });
    const dangling = site({ 'docs.json': '{ "redirects": { "$ref": "./r.json" } }' }, { 'r.json': '../outside/nowhere.json' });
    assert.deepEqual(await targetOf(dangling), { problem: 'r.json, where this site keeps its redirects, cannot be opened.' });
  });
});
