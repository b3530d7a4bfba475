import * as assert from 'node:assert/strict';
import {
  AuthError,
  CancelledError,
  InvalidApiKeyError,
  InvalidSettingError,
  MalformedResponseError,
  NetworkError,
  PreviewsNotInPlanError,
  RateLimitedError,
  ServerError,
  TimeoutError,
} from '../../src/api/errors';
import { webLink } from '../../src/jobs/pr-link';
import { checkPrompt, decodeText, describePrompt, maxPromptChars } from '../../src/jobs/prompt-text';
import { describeError, lostAnswerNote } from '../../src/editor/error-text';
import { relativeTime } from '../../src/platform/relative-time';

describe('what the user reads', () => {
  it('offers the one action that fixes each failure', () => {
    const cases: Array<[unknown, string[]]> = [
      [new InvalidApiKeyError('No API key is set.'), ['setApiKey']],
      [new AuthError('refused', 401, undefined), ['setApiKey']],
      [new AuthError('scope', 403, undefined), ['setApiKey']],
      [new InvalidSettingError('no project', 'docsAgent.projectId'), ['setProjectId']],
      [new InvalidSettingError('bad url', 'docsAgent.baseUrl'), ['openSettings']],
      [new NetworkError('offline', 'ECONNREFUSED'), ['retry']],
      [new TimeoutError('slow', 'response'), ['retry']],
      [new ServerError('500', 500, undefined), ['retry']],
      [new RateLimitedError('wait', 1000, 0), []],
      [new PreviewsNotInPlanError(undefined), []],
      [new MalformedResponseError('odd', 'status', 200), ['showLog']],
      [new Error('boom'), ['showLog']],
    ];
    for (const [error, actions] of cases) assert.deepEqual(describeError(error, true).actions, actions, String(error));
    assert.deepEqual(describeError(new NetworkError('offline', 'ECONNRESET'), false).actions, []);
  });

  it('warns that Retry could make a second job only when the request may have reached the service', () => {
    for (const error of [new TimeoutError('slow', 'response'), new NetworkError('reset', 'ECONNRESET')]) {
      assert.match(lostAnswerNote(error) ?? '', /may have been made anyway/, String(error));
    }
    assert.match(lostAnswerNote(new TimeoutError('slow', 'response'), 'followUp') ?? '', /Retry could send it twice/);
    for (const error of [
      new TimeoutError('slow', 'connect'),
      new NetworkError('refused', 'ECONNREFUSED'),
      new ServerError('500', 500, undefined),
    ]) {
      assert.equal(lostAnswerNote(error), undefined, String(error));
    }
  });

  it('says nothing when the user cancelled, and never shows a stack', () => {
    assert.equal(describeError(new CancelledError(), true).silent, true);
    const text = describeError(new TypeError('x is undefined'), false);
    assert.equal(text.message, 'Something went wrong: x is undefined');
  });

  it('refuses empty, binary and oversized prompts with a reason', () => {
    assert.match((checkPrompt(' \n\t') as { problem: string }).problem, /empty/);
    assert.match((checkPrompt('a\u0000b', 'guide.md') as { problem: string }).problem, /^guide\.md looks like a binary file/);
    assert.match((checkPrompt('x'.repeat(maxPromptChars + 1)) as { problem: string }).problem, /100,001 characters/);
    assert.deepEqual(checkPrompt('  Fix it  '), { ok: true, prompt: '  Fix it  ' });
  });

  it('tells text files from binary ones', () => {
    assert.equal(decodeText(new TextEncoder().encode('# Título\n')), '# Título\n');
    assert.equal(decodeText(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01])), undefined);
    assert.equal(decodeText(Uint8Array.from([0xff, 0xfe, 0x41])), undefined);
  });

  it('describes a prompt by its first line and length', () => {
    assert.equal(describePrompt('\n  First line  \nsecond'), '“First line” (22 characters)');
  });

  it('opens no link that is not a web address', () => {
    const repository = 'https://github.com/acme/docs';
    assert.equal(webLink({ prLink: 'https://github.com/acme/docs/pull/7', repository }), 'https://github.com/acme/docs/pull/7');
    for (const bad of ['javascript:alert(1)', 'command:workbench.action.quit', 'file:///etc/passwd', 'vscode://x', 'not a url', '', null]) {
      assert.equal(webLink({ prLink: bad, repository }), undefined, String(bad));
    }
  });

  it('writes ages short', () => {
    const now = Date.parse('2026-11-22T12:00:00Z');
    assert.equal(relativeTime('2026-11-22T11:59:30Z', now), 'just now');
    assert.equal(relativeTime('2026-11-22T11:55:00Z', now), '5 min. ago');
    assert.equal(relativeTime('2026-11-22T09:00:00Z', now), '3 hr. ago');
    assert.equal(relativeTime('2026-11-20T12:00:00Z', now), '2 days ago');
  });
});
