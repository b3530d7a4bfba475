// The emulator's git side: a finished job's change is a real commit in the job's repository,
// where a writer's clone can fetch it the way the extension will.
import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cloneFixture, createFixtureRemote, gitIn } from '../../support/emulator/fixture-repository';
import { useEmulator } from '../../support/emulator/emulator-harness';
import { fixtureSite } from '../../support/workbench/code-server';
import { reviewInstruction, reviewText } from '../../../src/review/review-text';
import { tablePage } from '../../support/hunk-pages';
import { withSpreadEdits } from '../agent-edits';

const JOBS = (projectId: string): string => `/v2/agent/${projectId}/job`;

describe('emulator: git side', () => {
  const parent = mkdtempSync(join(tmpdir(), 'emulator-git-'));
  const remote = createFixtureRemote(parent, fixtureSite);
  const h = useEmulator({ gitRemote: remote });
  const clone = join(parent, 'clone');
  before(() => cloneFixture(remote, clone));
  after(() => rmSync(parent, { recursive: true, force: true }));

  async function create(prompt: string): Promise<string> {
    const created = await h.call('POST', JOBS(h.emu.projectId), { body: { prompt } });
    return (created.json as { id: string }).id;
  }

  it('commits the agent’s edit under refs/pull/N/head when it opens a pull request, main untouched', async () => {
    const id = await create('Tighten guides/webhooks.mdx and the quickstart.mdx intro');
    const job = await h.control.finishJob(id);
    const number = /\/pull\/(\d+)$/.exec(job.prLink ?? '')?.[1];
    assert.ok(number, `a pull request: ${job.prLink}`);
    assert.deepEqual(job.edit?.pages, ['docs/guides/webhooks.mdx', 'docs/quickstart.mdx']);
    // Fetched through the https URL the job names: insteadOf sends it to the local remote.
    gitIn(clone, 'fetch', '-q', 'origin', `+refs/pull/${number}/head:refs/review/${number}`);
    assert.equal(gitIn(clone, 'rev-parse', `refs/review/${number}`), job.edit?.commit);
    const changed = gitIn(clone, 'diff', '--name-only', `main...refs/review/${number}`).split('\n');
    assert.deepEqual(changed, job.edit?.pages);
    assert.match(
      gitIn(clone, 'show', `refs/review/${number}:docs/guides/webhooks.mdx`),
      new RegExp(`Edited by the docs agent \\(${id}\\)`),
    );
    assert.equal(gitIn(clone, 'ls-remote', 'origin', 'refs/heads/main').split('\t')[0], gitIn(clone, 'rev-parse', 'origin/main'));
  });

  it('pushes the edit to the job’s own branch too, as the agent opens its pull request from it', async () => {
    const id = await create('Fix the quickstart');
    const job = await h.control.finishJob(id);
    const branchTip = gitIn(clone, 'ls-remote', 'origin', `refs/heads/${job.source.ref ?? ''}`).split('\t')[0];
    assert.equal(branchTip, job.edit?.commit);
    await h.call('POST', `${JOBS(h.emu.projectId)}/${id}/message`, { body: { prompt: 'Also changelog.mdx' } });
    const second = await h.control.finishJob(id);
    assert.equal(gitIn(clone, 'ls-remote', 'origin', `refs/heads/${job.source.ref ?? ''}`).split('\t')[0], second.edit?.commit);
  });

  it('[broken-link]: the edit also links a page that does not exist', async () => {
    const job = await h.control.finishJob(await create('[broken-link] Tighten guides/webhooks.mdx'));
    gitIn(clone, 'fetch', '-q', 'origin', `+refs/heads/${job.source.ref ?? ''}:refs/review/broken`);
    const text = gitIn(clone, 'show', 'refs/review/broken:docs/guides/webhooks.mdx');
    assert.ok(text.includes(job.edit?.line ?? '?'), text);
    assert.match(text, /\]\(\/guides\/missing-page\)/);
    const plain = await h.control.finishJob(await create('Tighten guides/webhooks.mdx'));
    gitIn(clone, 'fetch', '-q', 'origin', `+refs/heads/${plain.source.ref ?? ''}:refs/review/plain`);
    assert.doesNotMatch(gitIn(clone, 'show', 'refs/review/plain:docs/guides/webhooks.mdx'), /missing-page/);
  });

  it('a follow-up adds a commit to the same pull request', async () => {
    const id = await create('Fix the quickstart');
    const first = await h.control.finishJob(id);
    await h.call('POST', `${JOBS(h.emu.projectId)}/${id}/message`, { body: { prompt: 'Also shorten changelog.mdx' } });
    const second = await h.control.finishJob(id);
    assert.equal(second.prLink, first.prLink);
    const number = /\/pull\/(\d+)$/.exec(second.prLink ?? '')?.[1] ?? '';
    gitIn(clone, 'fetch', '-q', 'origin', `+refs/pull/${number}/head:refs/review/${number}`);
    assert.equal(gitIn(clone, 'rev-parse', `refs/review/${number}^`), first.edit?.commit);
  });

  it('[reword]: the agent’s line takes the place of the page’s first paragraph line, so the diff removes one', async () => {
    const job = await h.control.finishJob(await create('[reword] Tighten guides/webhooks.mdx'));
    gitIn(clone, 'fetch', '-q', 'origin', `+refs/heads/${job.source.ref ?? ''}:refs/review/reword`);
    const diff = gitIn(clone, 'diff', 'main', 'refs/review/reword', '--', 'docs/guides/webhooks.mdx');
    assert.match(diff, /^-Acme calls your endpoint when a job finishes\./m);
    assert.ok(diff.includes(`+${job.edit?.line ?? '?'}`), diff);
  });

  it('[big-page N]: N lines spread over the page, each with the agent’s words, as the hunk pages’ tables have them', async () => {
    const job = await h.control.finishJob(await create('[big-page 2] Rework docs/quickstart.mdx'));
    gitIn(clone, 'fetch', '-q', 'origin', `+refs/heads/${job.source.ref ?? ''}:refs/review/big-page`);
    const diff = gitIn(clone, 'diff', '-U0', 'main', 'refs/review/big-page');
    assert.equal((diff.match(/^@@/gm) ?? []).length, 2, diff);
    assert.equal((diff.match(/^\+(?!\+).* Updated by the agent\.$/gm) ?? []).length, 2, diff);
    const table = tablePage(3000, 8);
    assert.equal(withSpreadEdits(table.base, 8), table.agent);
  });

  it('a review sent as a follow-up: each quoted line of the agent’s version is revised, lines of the old version are not', async () => {
    const id = await create('Tighten guides/webhooks.mdx');
    const first = await h.control.finishJob(id);
    // The follow-up exactly as Send Review writes it (its quoted lines fenced as the repository's text).
    const review = `${reviewInstruction}\n\n${reviewText([
      {
        path: 'docs/guides/webhooks.mdx',
        side: 'before',
        from: 5,
        to: 5,
        lines: ['Acme calls your endpoint when a job finishes. Verify the signature before trusting the body.'],
        remark: 'Keep this.',
      },
      {
        path: 'docs/guides/webhooks.mdx',
        side: 'agent',
        from: 7,
        to: 7,
        lines: [first.edit?.line ?? '?'],
        remark: 'Say why a reader needs it.',
      },
    ])}`;
    await h.call('POST', `${JOBS(h.emu.projectId)}/${id}/message`, { body: { prompt: review } });
    const second = await h.control.finishJob(id);
    assert.deepEqual(second.edit?.pages, ['docs/guides/webhooks.mdx']);
    gitIn(clone, 'fetch', '-q', 'origin', `+refs/heads/${first.source.ref ?? ''}:refs/review/reviewed`);
    const change = gitIn(clone, 'diff', first.edit?.commit ?? '?', 'refs/review/reviewed');
    assert.equal((change.match(/^[-+](?![-+])/gm) ?? []).length, 2, `one line replaced: ${change}`);
    assert.ok(change.includes(`-${first.edit?.line ?? '?'}`), change);
    assert.ok(change.includes(`+> Revised by the docs agent (${id}): Say why a reader needs it.`), change);
  });

  it('a push-to-branch job commits onto main and opens no pull request', async () => {
    const before = gitIn(clone, 'ls-remote', 'origin', 'refs/heads/main').split('\t')[0];
    const id = await create('[push] Update index.mdx');
    const job = await h.control.finishJob(id);
    assert.equal(job.prLink, null);
    assert.equal(job.source.ref, 'main');
    gitIn(clone, 'fetch', '-q', 'origin');
    assert.equal(gitIn(clone, 'rev-parse', 'origin/main^'), before);
    assert.deepEqual(gitIn(clone, 'diff', '--name-only', 'main', 'origin/main').split('\n'), ['docs/index.mdx']);
    assert.doesNotMatch(
      readFileSync(join(clone, 'docs/index.mdx'), 'utf8'),
      /docs agent/,
      'the clone’s own copy is untouched until it merges',
    );
  });

  it('commits nothing for a failed job, a job without changes, or a link forced by a test', async () => {
    const refs = (): string => gitIn(clone, 'ls-remote', 'origin');
    const before = refs();
    await h.control.finishJob(await create('[fail] anything'));
    await h.control.finishJob(await create('[no-change] anything'));
    await h.control.finishJob(await create('anything'), { prLink: 'https://github.com/acme/docs/pull/999' });
    assert.equal(refs(), before);
  });
  it('merges a pull request into main at a given date: a merge commit, squashed "(#N)", or rebased keeping authorship', async () => {
    const at = new Date('2026-10-01T12:00:00Z');
    const tips: Record<string, string> = {};
    for (const how of ['merge', 'squash', 'rebase'] as const) {
      const job = await h.control.finishJob(await create(`Tighten guides/webhooks.mdx (${how})`));
      const number = /\/pull\/(\d+)$/.exec(job.prLink ?? '')?.[1] ?? '';
      tips[how] = (await h.control.mergeJob(job.id, how, at)).main;
      gitIn(clone, 'fetch', '-q', 'origin');
      assert.equal(gitIn(clone, 'rev-parse', 'origin/main'), tips[how]);
      assert.equal(gitIn(clone, 'log', '-1', '--format=%cI', 'origin/main'), '2026-10-01T12:00:00+00:00');
      assert.ok(
        gitIn(clone, 'show', 'origin/main:docs/guides/webhooks.mdx').includes(job.edit?.line ?? '?'),
        `${how}: the edit is on main`,
      );
      const parents = gitIn(clone, 'log', '-1', '--format=%P', 'origin/main').split(' ');
      const subject = gitIn(clone, 'log', '-1', '--format=%s', 'origin/main');
      if (how === 'merge') assert.deepEqual(parents.slice(1), [job.edit?.commit]);
      if (how === 'squash') assert.equal(subject, `Tighten guides/webhooks.mdx (squash) (#${number})`);
      if (how === 'rebase') {
        const original = gitIn(clone, 'log', '-1', '--format=%s %aI', job.edit?.commit ?? '');
        assert.equal(gitIn(clone, 'log', '-1', '--format=%s %aI', 'origin/main'), original);
        assert.notEqual(tips[how], job.edit?.commit);
      }
    }
    const pushed = await h.control.finishJob(await create('[push] Update index.mdx'));
    await assert.rejects(h.control.mergeJob(pushed.id, 'merge', at), /no pull request/);
  });
});
