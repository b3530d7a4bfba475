// What changed since the writer's review, read from a real repository: only the agent's commits
// after the one reviewed, and each sent comment checked against the agent's newest version.
import * as assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { relative } from 'node:path';
import { fetchChangeAt } from '../../src/review/change-fetch';
import type { GitRepository } from '../../src/review/git-api';
import type { ReviewThread } from '../../src/review/review-record';
import { ReviewError } from '../../src/review/review-errors';
import { changeSince, checkSentThreads, sinceSummary } from '../../src/review/review-since';
import { cliRepository } from '../support/git/cli-repository';
import { cloneWithRemote, commitFile, git } from '../support/git/scratch-remote';

const lines = (texts: readonly string[]): string => texts.map((t) => `${t}\n`).join('');

describe('review: what changed since your review', () => {
  let root: string;
  let clone: string;
  let reviewed: string;
  /** The commit the agent's change is compared against (main). */
  let base: string;
  const job = { id: 'job_1a2b', job: { prLink: null, ref: 'docs-agent/1a2b' } };
  const repository = (): GitRepository => cliRepository(clone) as unknown as GitRepository;
  const source = { remoteRef: 'refs/heads/docs-agent/1a2b', label: 'branch docs-agent/1a2b' };
  /** A sent thread on `lines`, from line `from`: of the agent's version reviewed, or of the old version (`commit`). */
  const thread = (path: string, from: number, lines: string[], side: ReviewThread['side'] = 'agent', commit = reviewed): ReviewThread => ({
    id: `${path}:${side}:${from}`,
    uri: `git:/${path}`,
    path,
    side,
    commit: side === 'agent' ? reviewed : commit,
    head: reviewed,
    from,
    to: from + lines.length - 1,
    lines,
    comments: [{ id: 'c', body: 'Say why.', at: '2026-11-27T10:00:00Z' }],
    sentAt: '2026-11-27T10:01:00Z',
  });
  /** The agent pushes one more commit to its branch, from a second clone. */
  const agentCommits = (file: string, text: string): string => {
    git(clone, 'checkout', '-q', 'docs-agent/1a2b');
    const commit = commitFile(clone, file, text, `Agent: ${file}`);
    git(clone, 'push', '-q', 'origin', 'docs-agent/1a2b');
    git(clone, 'checkout', '-q', 'main');
    return commit;
  };

  beforeEach(() => {
    ({ root, clone } = cloneWithRemote('review-since-', (c) => {
      commitFile(c, 'quickstart.mdx', '# Quickstart\n\nInstall the CLI.\n', 'Quickstart');
      commitFile(c, 'webhooks.mdx', '# Webhooks\n\nAcme calls you.\n', 'Webhooks');
    }));
    base = git(clone, 'rev-parse', 'HEAD');
    git(clone, 'checkout', '-q', '-b', 'docs-agent/1a2b');
    commitFile(clone, 'quickstart.mdx', '# Quickstart\n\nInstall the CLI.\n> Edited by the agent.\n', 'Agent: quickstart');
    reviewed = commitFile(clone, 'webhooks.mdx', '# Webhooks\n\nAcme calls you.\n> Also edited.\n', 'Agent: webhooks');
    git(clone, 'push', '-q', 'origin', 'docs-agent/1a2b');
    git(clone, 'checkout', '-q', 'main');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('shows only the files the agent changed after the reviewed version, against that version', async () => {
    agentCommits('webhooks.mdx', '# Webhooks\n\nAcme calls you.\n> Also edited, and why it matters.\n');
    const change = await fetchChangeAt(repository(), 'origin', job, source);
    assert.deepEqual(
      change.changes.map((c) => relative(clone, c.uri.fsPath)),
      ['quickstart.mdx', 'webhooks.mdx'],
      'the whole change has both',
    );
    const since = await changeSince(change, reviewed);
    assert.equal(since.base, reviewed);
    assert.equal(since.head, change.head);
    assert.deepEqual(
      since.changes.map((c) => relative(clone, c.uri.fsPath)),
      ['webhooks.mdx'],
    );
  });

  it('a version nothing was added to since has nothing to show', async () => {
    const since = await changeSince(await fetchChangeAt(repository(), 'origin', job, source), reviewed);
    assert.deepEqual(since.changes, []);
  });

  it('says so when the reviewed version is not in the clone (the branch was rewritten elsewhere)', async () => {
    const change = await fetchChangeAt(repository(), 'origin', job, source);
    await assert.rejects(
      changeSince(change, 'f'.repeat(40)),
      (e: unknown) => e instanceof ReviewError && /no longer in this clone/.test(e.message),
    );
  });

  it('marks each sent thread addressed where the agent changed its place, still open where it did not, and leaves drafts alone', async () => {
    const head = agentCommits('webhooks.mdx', '# Webhooks\n\nAcme calls you.\n> Also edited, and why it matters.\n');
    const onChanged = thread('webhooks.mdx', 4, ['> Also edited.']);
    const onKept = thread('quickstart.mdx', 4, ['> Edited by the agent.']);
    const onOldKept = thread('webhooks.mdx', 3, ['Acme calls you.'], 'before', base);
    const draft = { ...thread('quickstart.mdx', 3, ['Install the CLI.']), id: 'draft', sentAt: undefined };
    const checks = await checkSentThreads(repository(), head, [onChanged, onKept, onOldKept, draft]);
    assert.deepEqual(Object.fromEntries(checks), {
      [onChanged.id]: { commit: head, status: 'addressed' },
      [onKept.id]: { commit: head, status: 'open' },
      [onOldKept.id]: { commit: head, status: 'open' },
    });
    // Checked once per version: a second look at the same version checks nothing again.
    const again = await checkSentThreads(repository(), head, [{ ...onChanged, checked: { commit: head, status: 'addressed' } }]);
    assert.equal(again.size, 0);
  });

  it('a comment on `</Step>` or on a blank line is addressed once the agent rewrote that spot, though the file has others like it', async () => {
    const steps = [
      '<Steps>',
      '<Step title="Install">',
      'Run the installer.',
      '</Step>',
      '',
      '<Step title="Sign in">',
      'Open the app and sign in.',
      '</Step>',
      '</Steps>',
    ];
    reviewed = agentCommits('steps.mdx', lines(steps));
    const onClose = thread('steps.mdx', 4, ['</Step>']);
    const onBlank = thread('steps.mdx', 5, ['']);
    const onKept = thread('steps.mdx', 7, ['Open the app and sign in.']);
    // The writer asked for one step: the agent merged them, removing the first `</Step>`, the blank line and the second opening.
    const merged = [
      '<Steps>',
      '<Step title="Install and sign in">',
      'Run the installer.',
      'Open the app and sign in.',
      '</Step>',
      '</Steps>',
    ];
    const head = agentCommits('steps.mdx', lines(merged));
    const checks = await checkSentThreads(repository(), head, [onClose, onBlank, onKept]);
    assert.deepEqual(
      [onClose, onBlank, onKept].map((t) => checks.get(t.id)?.status),
      ['addressed', 'addressed', 'open'],
    );
  });

  it('a comment on a removed line is still open until the agent changes its place, though the line is written elsewhere too', async () => {
    const page = [
      '# Webhooks',
      '',
      'Check the signature.',
      'Acme calls your endpoint.',
      '',
      '## Retries',
      '',
      'Check the signature.',
      'Acme retries three times.',
    ];
    const old = agentCommits('events.mdx', lines(page));
    // As reviewed: a note on top, and the first "Check the signature." removed.
    const asReviewed = ['Beta: this may change.', '', ...page.filter((_, i) => i !== 2)];
    reviewed = agentCommits('events.mdx', lines(asReviewed));
    const keep = thread('events.mdx', 3, ['Check the signature.'], 'before', old);
    const elsewhere = asReviewed.map((l) => l.replace('# Webhooks', '# Webhooks and events'));
    const head = agentCommits('events.mdx', lines(elsewhere));
    assert.equal((await checkSentThreads(repository(), head, [keep])).get(keep.id)?.status, 'open', 'the agent worked elsewhere');
    const back = agentCommits('events.mdx', lines([...elsewhere.slice(0, 4), 'Check the signature.', ...elsewhere.slice(4)]));
    assert.equal((await checkSentThreads(repository(), back, [keep])).get(keep.id)?.status, 'addressed', 'the line is back in its place');
  });

  it('a thread on a file the agent then deleted is addressed', async () => {
    git(clone, 'checkout', '-q', 'docs-agent/1a2b');
    git(clone, 'rm', '-q', 'webhooks.mdx');
    git(clone, 'commit', '-q', '-m', 'Agent: drop webhooks');
    const head = git(clone, 'rev-parse', 'HEAD');
    git(clone, 'checkout', '-q', 'main');
    const checks = await checkSentThreads(repository(), head, [thread('webhooks.mdx', 4, ['> Also edited.'])]);
    assert.equal([...checks.values()][0]?.status, 'addressed');
  });

  it('sums up in one sentence how many comments were addressed and where the open ones are', () => {
    const head = 'b'.repeat(40);
    const checked = (t: ReviewThread, status: 'addressed' | 'open'): ReviewThread => ({ ...t, checked: { commit: head, status } });
    const a = checked(thread('docs/quickstart.mdx', 9, ['x']), 'addressed');
    const b = checked(thread('docs/guides/webhooks.mdx', 5, ['y'], 'before'), 'open');
    const c = checked({ ...thread('docs/index.mdx', 3, ['z', 'w']), id: 'c' }, 'open');
    assert.equal(sinceSummary([a], head), 'The agent addressed your comment.');
    assert.equal(sinceSummary([b], head), 'Your comment is still open: docs/guides/webhooks.mdx, line 5 of the old version.');
    assert.equal(sinceSummary([a, { ...a, id: 'a2' }], head), 'The agent addressed all 2 of your comments.');
    assert.equal(
      sinceSummary([a, b, c], head),
      'The agent addressed 1 of your 3 comments. Still open: docs/guides/webhooks.mdx, line 5 of the old version; docs/index.mdx, lines 3–4.',
    );
    // Resolved threads, drafts and threads checked against another version do not count.
    assert.equal(
      sinceSummary([a, { ...b, resolved: true }, { ...c, checked: { commit: 'c'.repeat(40), status: 'open' } }], head),
      'The agent addressed your comment.',
    );
    assert.equal(sinceSummary([{ ...a, sentAt: undefined }], head), undefined);
  });
});
