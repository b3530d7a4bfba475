import * as assert from 'node:assert/strict';
import { MalformedResponseError } from '../../src/api/errors';
import { parseAgentJob, parseDeploymentState, parseErrorBody, parsePreviewStarted, parseVisitorsPage } from '../../src/api/validate';

const job = {
  id: 'job_1',
  status: 'active',
  source: { repository: 'https://github.com/acme/docs', ref: 'docs-agent/1' },
  model: 'claude',
  prLink: null,
  createdAt: '2026-11-22T10:00:00.000Z',
  archivedAt: null,
};

function malformedField(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    assert.ok(error instanceof MalformedResponseError);
    return error.field;
  }
  return assert.fail('accepted a malformed body');
}

describe('response validation', () => {
  it('reads a job and ignores fields it does not know', () => {
    const parsed = parseAgentJob({ ...job, extra: { nested: true }, cost: 3 }, 200);
    assert.equal(parsed.id, 'job_1');
    assert.equal(parsed.status, 'active');
    assert.equal(parsed.ref, 'docs-agent/1');
    assert.equal(parsed.prLink, null);
  });

  it('treats an absent archivedAt, ref, or prLink like null', () => {
    const { archivedAt: _a, prLink: _p, ...rest } = job;
    const parsed = parseAgentJob({ ...rest, source: { repository: 'r' } }, 200);
    assert.equal(parsed.archivedAt, null);
    assert.equal(parsed.prLink, null);
    assert.equal(parsed.ref, null);
  });

  it('accepts what the published schema allows: only id and status, every other field defaulted', () => {
    const parsed = parseAgentJob({ id: 'job_2', status: 'completed', prLink: 'https://github.com/acme/docs/pull/2' }, 200);
    assert.deepEqual(parsed, {
      id: 'job_2',
      status: 'completed',
      rawStatus: 'completed',
      repository: '',
      ref: null,
      model: '',
      prLink: 'https://github.com/acme/docs/pull/2',
      createdAt: null,
      archivedAt: null,
    });
    const nulls = parseAgentJob({ id: 'job_3', status: 'active', source: null, model: null, createdAt: null }, 200);
    assert.equal(nulls.repository, '');
    assert.equal(nulls.createdAt, null);
    assert.equal(
      malformedField(() => parseAgentJob({ id: '', status: 'active' }, 200)),
      'id',
    );
    assert.equal(
      malformedField(() => parseAgentJob({ status: 'active' }, 200)),
      'id',
    );
  });

  it('keeps an unknown status as a value to show, not a crash', () => {
    const parsed = parseAgentJob({ ...job, status: 'paused' }, 200);
    assert.equal(parsed.status, 'unknown');
    assert.equal(parsed.rawStatus, 'paused');
  });

  it('names the missing or mistyped field', () => {
    const { status: _s, ...noStatus } = job;
    assert.equal(
      malformedField(() => parseAgentJob(noStatus, 200)),
      'status',
    );
    assert.equal(
      malformedField(() => parseAgentJob({ ...job, source: { repository: 7 } }, 200)),
      'source.repository',
    );
    assert.equal(
      malformedField(() => parseAgentJob({ ...job, createdAt: 'yesterday' }, 200)),
      'createdAt',
    );
    assert.equal(
      malformedField(() => parseAgentJob({ ...job, prLink: 42 }, 200)),
      'prLink',
    );
    assert.equal(
      malformedField(() => parseAgentJob([job], 200)),
      'job',
    );
  });

  it('reads a visitors page and names a bad row field', () => {
    const page = {
      totals: { human: 5, ai: 2, total: 6 },
      visitors: [{ path: '/a', human: 5, ai: 2, total: 6 }],
      hasMore: false,
    };
    assert.deepEqual(parseVisitorsPage(page, 200).visitors[0], { path: '/a', human: 5, ai: 2, total: 6 });
    const bad = { ...page, visitors: [page.visitors[0], { path: '/b', human: '1', ai: 0, total: 1 }] };
    assert.equal(
      malformedField(() => parseVisitorsPage(bad, 200)),
      'visitors[1].human',
    );
    const { hasMore: _h, ...noMore } = page;
    assert.equal(
      malformedField(() => parseVisitorsPage(noMore, 200)),
      'hasMore',
    );
  });

  it('reads a started preview: a non-empty statusId, a previewUrl or null, nothing else needed', () => {
    assert.deepEqual(parsePreviewStarted({ statusId: 's1', previewUrl: 'https://acme-docs-x.mintlify.app', extra: 1 }, 202), {
      statusId: 's1',
      previewUrl: 'https://acme-docs-x.mintlify.app',
    });
    assert.deepEqual(parsePreviewStarted({ statusId: 's2' }, 202), { statusId: 's2', previewUrl: null });
    assert.deepEqual(parsePreviewStarted({ statusId: 's3', previewUrl: null }, 202).previewUrl, null);
    for (const body of [{}, { statusId: '' }, { statusId: '  ' }, { statusId: 7 }, { statusId: null }]) {
      assert.equal(
        malformedField(() => parsePreviewStarted(body, 202)),
        'statusId',
        JSON.stringify(body),
      );
    }
    assert.equal(
      malformedField(() => parsePreviewStarted({ statusId: 's', previewUrl: 5 }, 202)),
      'previewUrl',
    );
    assert.equal(
      malformedField(() => parsePreviewStarted('queued', 202)),
      'response',
    );
  });

  it('reads a deployment’s state when the service sends nothing at all, or only a little', () => {
    assert.deepEqual(parseDeploymentState({}, 200, 'asked'), {
      id: 'asked',
      status: 'unknown',
      rawStatus: '',
      summary: null,
      logs: [],
      createdAt: null,
      endedAt: null,
      commit: null,
      subdomain: null,
    });
    const some = parseDeploymentState({ _id: 'real', status: 'in_progress', logs: null, commit: { ref: 'main', sha: null } }, 200, 'asked');
    assert.deepEqual(
      [some.id, some.status, some.logs, some.commit],
      ['real', 'in_progress', [], { sha: null, ref: 'main', message: null }],
    );
    assert.equal(parseDeploymentState({ _id: '' }, 200, 'asked').id, 'asked');
  });

  it('keeps an unknown deployment status raw, skips log lines that are not text, names a mistyped field', () => {
    const odd = parseDeploymentState({ status: 'cancelled', logs: ['a', 1, { line: 'b' }, 'c'] }, 200, 'x');
    assert.deepEqual([odd.status, odd.rawStatus, odd.logs], ['unknown', 'cancelled', ['a', 'c']]);
    for (const status of ['queued', 'in_progress', 'success', 'failure'] as const) {
      assert.equal(parseDeploymentState({ status }, 200, 'x').status, status);
    }
    const cases: Array<[unknown, string]> = [
      [[], 'deployment'],
      [{ status: 3 }, 'status'],
      [{ logs: 'building' }, 'logs'],
      [{ commit: 'abc' }, 'commit'],
      [{ commit: { sha: 1 } }, 'commit.sha'],
      [{ summary: {} }, 'summary'],
      [{ _id: 42 }, '_id'],
      [{ endedAt: 0 }, 'endedAt'],
    ];
    for (const [body, field] of cases) {
      assert.equal(
        malformedField(() => parseDeploymentState(body, 200, 'x')),
        field,
        JSON.stringify(body),
      );
    }
  });

  it('reads the documented error bodies and tolerates others', () => {
    assert.deepEqual(parseErrorBody({ error: 'Bad', details: [{ message: 'limit' }, { nope: 1 }] }), {
      message: 'Bad',
      details: ['limit'],
    });
    assert.deepEqual(parseErrorBody('<html>'), { details: [] });
  });
});
