// What an agent reads of the followed jobs (the job list tool) and what the writer is asked
// before a job goes, in the one question every adapter shows (chat's confirmation, the MCP modal).
import * as assert from 'node:assert/strict';
import type { AgentJob } from '../../src/api/types';
import { newTrackedJob, type TrackedJob } from '../../src/jobs/tracked-job';
import type { TrackedPreview } from '../../src/previews/tracked-preview';
import { jobListText } from '../../src/tools/job-list-tool-text';
import { consentOf, createJobConfirmation } from '../../src/tools/job-tool-text';

const scope = { baseUrl: 'https://api.mintlify.com', projectId: 'acme-docs' };
const started = '2026-11-23T10:00:00.000Z';
const now = Date.parse(started) + 5 * 60_000;

function job(id: string, startedBy?: string, fields: Partial<AgentJob> = {}): TrackedJob {
  const answer: AgentJob = {
    id,
    status: 'completed',
    rawStatus: 'completed',
    repository: 'acme/docs',
    ref: `docs-agent/${id}`,
    model: 'm',
    prLink: 'https://github.com/acme/docs/pull/7',
    createdAt: started,
    archivedAt: null,
    ...fields,
  };
  return newTrackedJob(scope, answer, `Fix ${id}\nwith care`, started, startedBy);
}

const preview: TrackedPreview = {
  ...scope,
  branch: 'docs-agent/job-a',
  jobId: 'job-a',
  statusId: 's1',
  previewUrl: 'https://acme-docs-fix.mintlify.app',
  status: 'success',
  rawStatus: 'success',
  summary: null,
  logs: [],
  pagePath: '/quickstart',
  startedAt: started,
  endedAt: started,
  changedAt: started,
  round: 1,
};

describe('job list tool: the followed jobs as an agent reads them', () => {
  it('gives each job’s status, start, pull request, the agent that started it and its preview’s address', () => {
    const text = jobListText([{ job: job('job-a', 'Claude Code'), preview }, { job: job('job-b') }], now, ['github.com']);
    const [head, first, second] = text.split('\n\n');
    assert.equal(head, '2 followed Docs Agent jobs, newest first (as last checked):');
    assert.match(first ?? '', /^Job job-a\nProject: acme-docs\nStatus: completed\nStarted: 5 min\. ago \(2026-11-23T10:00:00\.000Z\)\n/);
    assert.match(
      first ?? '',
      /\n```\nPrompt: “Fix job-a”\nStarted by: Claude Code\nPull request: https:\/\/github\.com\/acme\/docs\/pull\/7\n/,
    );
    // The service's address, in the job's fence.
    assert.match(first ?? '', /\nPreview: ready, https:\/\/acme-docs-fix\.mintlify\.app\/quickstart\n```$/);
    assert.doesNotMatch(second ?? '', /Started by/, 'a job the writer started carries no mark');
    assert.match(second ?? '', /\nPreview: none started\n```$/);
  });

  it('says so when no job is followed, for the projects open or the one asked about', () => {
    assert.equal(jobListText([], now, []), 'No Docs Agent jobs are followed on this machine for the projects open in the editor.');
    assert.equal(jobListText([], now, [], 'acme-docs'), 'No Docs Agent jobs of project acme-docs are followed on this machine.');
  });
});

describe('the writer’s question before a job goes', () => {
  it('holds the cost and then the whole prompt, which chat can set apart as quoted', () => {
    const prompt = 'Add a FAQ to the quickstart\nwith three questions';
    const question = consentOf(createJobConfirmation('acme-docs', prompt, 3));
    assert.equal(question.title, 'Start a Docs Agent job?');
    assert.match(question.detail, /^Project: acme-docs\n/);
    assert.match(question.detail, /\nAgent uses left this hour: 97 of 100 /);
    assert.ok(question.detail.endsWith(`\nThe whole prompt:\n\n${prompt}`), question.detail);
    assert.equal(question.quoted, prompt);
  });
});
