// The store page and the way to it: README.md is what a writer reads on the Marketplace and Open
// VSX, and two workflows test every push and take one .vsix to both stores. These checks fail
// when the page grows past what a writer reads, names a command that is not there, links an image
// the stores cannot show, or when the workflows stop doing what README and CONTRIBUTING.md say.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { readManifest } from '../support/manifest';

const root = join(__dirname, '../../..');
const read = (path: string): string => readFileSync(join(root, path), 'utf8');

interface Manifest {
  contributes: {
    commands: Array<{ command: string; title: string }>;
    configuration: { properties: Record<string, { deprecationMessage?: string }> };
    views: Record<string, Array<{ name: string }>>;
    walkthroughs: Array<{ title: string }>;
  };
}

const manifest = readManifest<Manifest>();
const readme = read('README.md');
const developmentAt = readme.indexOf('\n## Development\n');
/** What a writer reads: everything before the Development section. */
const storePage = developmentAt < 0 ? readme : readme.slice(0, developmentAt);
const development = developmentAt < 0 ? '' : readme.slice(developmentAt);

/** Words as `wc -w` counts them (runs of non-space), leaving out link and image targets: nobody reads a URL. */
function wordCount(markdown: string): number {
  return markdown
    .replace(/\]\([^)\s]*\)/g, ']')
    .split(/\s+/)
    .filter(Boolean).length;
}

/** One `## ` section of a Markdown text, without its heading line. */
function section(markdown: string, heading: string): string {
  const start = markdown.indexOf(`\n## ${heading}\n`);
  assert.ok(start >= 0, `README has no "## ${heading}" section`);
  const body = markdown.slice(start + heading.length + 5);
  const end = body.indexOf('\n## ');
  return end < 0 ? body : body.slice(0, end);
}

/** Bold spans, their line breaks made spaces (a span may wrap). */
const boldSpans = (markdown: string): string[] => [...markdown.matchAll(/\*\*([^*]+?)\*\*/g)].map((m) => m[1].replace(/\s+/g, ' ').trim());

const smallWords = new Set(['a', 'an', 'and', 'as', 'at', 'by', 'for', 'from', 'in', 'of', 'on', 'or', 'the', 'to', 'with']);
/** Two words or more, each capitalised but the small ones: how a command's title is written. */
function looksLikeATitle(span: string): boolean {
  const words = span.replace(/[.…:]+$/, '').split(' ');
  return words.length >= 2 && words.every((word) => smallWords.has(word) || /^[A-Z#`]/.test(word));
}

describe('the store page (README.md)', () => {
  it('keeps what a writer reads before its Development section to 1,500 words', () => {
    assert.ok(developmentAt > 0, 'README has no "## Development" section');
    const words = wordCount(storePage);
    assert.ok(words <= 1500, `README has ${words} words before "## Development" (at most 1,500): move detail to CONTRIBUTING.md`);
  });

  it('keeps the two set-up commands in its Development section and sends developers to CONTRIBUTING.md', () => {
    assert.ok(development.includes('`npm ci && npm start`'), 'the demo command');
    assert.ok(development.includes('`npm ci && npm test`'), 'the command that runs every test');
    assert.match(development, /\]\(CONTRIBUTING\.md\)/);
    assert.ok(existsSync(join(root, 'CONTRIBUTING.md')));
  });

  it('states the five actions from install to the first job, as many as the first-hour test counts', () => {
    const started = section(storePage, 'Get started');
    const steps = started.split('\n').filter((line) => /^\d+\. /.test(line));
    const stepText = (index: number): string => {
      const from = started.indexOf(steps[index]);
      const to = index + 1 < steps.length ? started.indexOf(steps[index + 1]) : started.length;
      return started.slice(from, to).replace(/\s+/g, ' ');
    };
    assert.equal(steps.length, 5, `README's Get started lists ${steps.length} actions`);
    assert.match(started, /\bfive actions\b/);
    // Each action names what the writer does, in the order the first-hour test does it.
    const what = ['Connect to Your Docs Project…', 'API key', 'project ID', 'Ask the Agent…', 'Ctrl+Enter'];
    what.forEach((phrase, index) =>
      assert.ok(stepText(index).includes(phrase), `action ${index + 1} names “${phrase}”: ${stepText(index)}`),
    );
    assert.ok(stepText(0).includes(manifest.contributes.walkthroughs[0].title), 'action 1 names the walkthrough as the editor shows it');

    const counted = read('test/e2e/flows/first-hour.test.ts').match(/\bactions\.push\(/g) ?? [];
    assert.equal(counted.length, steps.length, 'the first-hour test counts as many actions as README states');
  });

  it('links only images the repository holds, so the stores can show them', () => {
    const images = [...readme.matchAll(/!\[([^\]]*)\]\(([^)\s]+)\)/g)].map((m) => ({ alt: m[1], target: m[2] }));
    const targets = images.map((image) => image.target);
    assert.ok(targets.includes('media/screenshots/walkthrough.png'), 'the walkthrough screenshot');
    assert.ok(targets.includes('media/screenshots/composer.png'), 'the composer screenshot');
    // Screenshots stay out of the package (.vscodeignore); package.mjs points relative images at the
    // repository's main branch, where the stores fetch them. So each must be relative, committed,
    // and a bitmap (vsce refuses SVG images in a README).
    assert.match(read('test/tools/package.mjs'), /'--baseImagesUrl'/);
    for (const { alt, target } of images) {
      assert.ok(alt.trim(), `${target} has alt text`);
      assert.doesNotMatch(target, /^([a-z]+:|\/)/i, `${target} is relative to the repository`);
      assert.match(target, /\.(png|jpe?g|gif)$/i, `${target} is a bitmap`);
      assert.ok(existsSync(join(root, target)), `${target} exists`);
      const git = spawnSync('git', ['ls-files', '--error-unmatch', '--', target], { cwd: root, encoding: 'utf8' });
      assert.equal(git.status, 0, `${target} is committed (git ls-files): ${git.error?.message ?? git.stderr}`);
    }
  });

  it('names each command by its title in package.json', () => {
    const titles = new Set(manifest.contributes.commands.map((c) => c.title));
    const views = new Set(Object.values(manifest.contributes.views).flatMap((list) => list.map((view) => view.name)));
    // Labels written like titles that are no command: a Pages view group, whose label adds its percentage.
    const otherLabels = new Set(['Mostly AI']);
    for (const span of boldSpans(storePage)) {
      const name = span.replace(/^Docs Agent: /, '');
      if (!looksLikeATitle(name) && !name.endsWith('…')) continue;
      assert.ok(
        titles.has(name) || views.has(name) || otherLabels.has(name),
        `README names “${name}”, which is no command in package.json`,
      );
    }
  });

  it('uses none of the titles that were renamed', () => {
    const renamed = [
      'Verify API Key',
      'Check Out Job',
      'Track Job by ID',
      'Stop Tracking Job',
      'Readers Before and After Merge',
      'Readers without a page',
    ];
    for (const old of renamed) assert.ok(!readme.includes(old), `README still says “${old}”`);
  });

  it('names only settings that exist and are not retired', () => {
    const settings = manifest.contributes.configuration.properties;
    const named = [...readme.matchAll(/`(docsAgent\.[\w.]+)`/g)].map((m) => m[1]);
    assert.ok(named.length > 0, 'README shows the settings writers change most');
    for (const name of named) {
      assert.ok(Object.hasOwn(settings, name), `README names ${name}, which is no setting`);
      assert.equal(settings[name].deprecationMessage, undefined, `README names ${name}, which was renamed`);
    }
  });
});

type Yaml = Record<string, unknown>;
interface Step {
  id?: string;
  if?: string;
  uses?: string;
  run?: string;
  env: Record<string, string>;
  with: Yaml;
}
interface Job {
  'runs-on': string;
  env: Record<string, string>;
  steps: Step[];
}

const isRecord = (value: unknown): value is Yaml => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
/** An `env:` map; a value that is no string (a number, say) is written as the runner passes it. */
const strings = (value: unknown): Record<string, string> =>
  isRecord(value) ? Object.fromEntries(Object.entries(value).map(([key, v]) => [key, String(v)])) : {};

/** A workflow file read with the YAML parser the extension already ships (for OpenAPI specs). */
function workflow(name: string): { on: Yaml; jobs: Job[] } {
  const doc: unknown = parse(read(`.github/workflows/${name}`));
  assert.ok(isRecord(doc) && isRecord(doc.on) && isRecord(doc.jobs), `${name} has on: and jobs:`);
  const jobs = Object.values(doc.jobs).map((job): Job => {
    assert.ok(isRecord(job) && Array.isArray(job.steps), `${name}: every job has steps`);
    const steps = job.steps.map((step: unknown): Step => {
      assert.ok(isRecord(step));
      return {
        id: text(step.id),
        if: text(step.if),
        uses: text(step.uses),
        run: text(step.run),
        env: strings(step.env),
        with: isRecord(step.with) ? step.with : {},
      };
    });
    return { 'runs-on': String(job['runs-on']), env: strings(job.env), steps };
  });
  return { on: doc.on, jobs };
}

describe('the workflows (.github/workflows/)', () => {
  it('CI runs .ci/run, the same npm ci and npm test, on every push and pull request', () => {
    const ci = workflow('ci.yml');
    assert.ok('push' in ci.on && 'pull_request' in ci.on);
    const steps = ci.jobs.flatMap((job) => job.steps);
    assert.ok(ci.jobs.every((job) => job['runs-on'] === 'ubuntu-latest'));
    assert.ok(
      steps.some((step) => step.run?.trim() === 'bash .ci/run'),
      'a step runs bash .ci/run',
    );
    assert.match(read('.ci/run'), /^npm ci\b[^\n]*\nnpm test$/m);
    const node = steps.find((step) => step.uses?.startsWith('actions/setup-node@'));
    assert.equal(String(node?.with['node-version']), '20');
    const upload = steps.find((step) => step.uses?.startsWith('actions/upload-artifact@'));
    assert.equal(upload?.if, 'failure()');
    assert.match(String(upload?.with.path), /test-results\/?$/);
  });

  it('a v* tag publishes the one .vsix npm run package made to both stores, with the tokens from named secrets', () => {
    const release = workflow('release.yml');
    const push = release.on.push;
    assert.ok(isRecord(push), 'a push starts it');
    assert.deepEqual(push.tags, ['v*']);
    assert.ok('workflow_dispatch' in release.on, 'a run by hand is the dry run');
    assert.equal(release.jobs.length, 1, 'one job, so both stores get the file it made');
    const [job] = release.jobs;
    const runs = (pattern: RegExp): Step[] => job.steps.filter((step) => pattern.test(step.run ?? ''));

    const [packaging, ...morePackaging] = runs(/\bnpm run package\b/);
    assert.ok(packaging?.id && morePackaging.length === 0, 'one step packages, and has an id');
    const vsix = `\${{ steps.${packaging.id}.outputs.vsix }}`;
    assert.equal(runs(/\bGITHUB_REF_NAME\b.*\bv\$version\b/).length, 1, 'the tag is checked against package.json');

    const [marketplace, ...moreMarketplace] = runs(/\bvsce publish\b/);
    const [openVsx, ...moreOpenVsx] = runs(/\bovsx@\d+\.\d+\.\d+ publish\b/);
    assert.ok(marketplace && openVsx && moreMarketplace.length + moreOpenVsx.length === 0, 'one publish step per store, ovsx pinned');
    assert.match(marketplace.run ?? '', /--packagePath "\$VSIX"/);
    assert.match(openVsx.run ?? '', /publish "\$VSIX"/);
    assert.equal(marketplace.env.VSCE_PAT, '${{ secrets.VSCE_PAT }}');
    assert.equal(openVsx.env.OVSX_PAT, '${{ secrets.OVSX_PAT }}');
    for (const step of [marketplace, openVsx, ...runs(/\bgh release\b/)]) {
      assert.equal(step.env.VSIX, vsix, 'the same file, from the packaging step');
      // Only a pushed tag publishes: the dry run runs every other step.
      assert.equal(step.if, "env.PUBLISH == 'true'");
    }
    assert.match(job.env.PUBLISH, /github\.event_name == 'push'/);
    assert.ok(
      job.steps.every((step) => !(step.run ?? '').includes('secrets.')),
      'tokens reach commands through env, never in a command line',
    );
  });
});
