// The code's words in the writer's language: no English literal reaches the writer without
// l10n.t (test/support/untranslated.ts says what counts). Deliberate exceptions are marked in
// the source with a comment saying the text "stays English" (prompts written for the agent) and
// listed below with their reason; log lines are skipped: whoever diagnoses a problem reads English.
import * as assert from 'node:assert/strict';
import { repoRoot } from '../support/manifest';
import { filesStayingEnglish, untranslatedWords } from '../support/untranslated';

/** The deliberate exceptions: where a comment says the text stays English, and why. */
const staysEnglish: Record<string, string> = {
  'src/commands/review-comment-commands.ts': 'the review text sent to the agent',
  'src/commands/review-failures.ts': 'the log line of a failure',
  'src/commands/send-commands.ts': 'the log line of a sent job',
  'src/compose/prompt-draft.ts': 'the draft’s context for the agent, and old drafts’ hints it recognises',
  'src/jobs/job-pruning.ts': 'the log line of the daily pruning',
  'src/mcp/mcp-server.ts': 'protocol errors for a client program, as the MCP SDK’s own',
  'src/mcp/setup-text.ts': 'a shell command and a JSON block for another AI agent’s setup',
  'src/platform/data-fence.ts': 'the sentence before outside text in a prompt or a tool’s result: a model reads it',
  'src/platform/manifest-ids.ts': 'why a setting is the user’s alone: read by the settings test, never shown',
  'src/platform/startup-times.ts': 'the start-up line of the log (a bug report’s, and read by the bench)',
  'src/previews/tracked-preview.ts': 'the fix prompt sent to the agent',
  'src/readers/ask-prompt.ts': 'the Ask the Agent draft for the agent',
  'src/readers/prompt-words.ts': 'numbers and ranges inside prompts for the agent',
  'src/readers/reader-signals.ts': 'an id, never shown',
  'src/readers/signals-prompt.ts': 'what readers said, written up for the agent',
  'src/review/fetch-command.ts': 'a git command for a shell',
  'src/review/job-merge.ts': 'a merge kind’s id, never shown',
  'src/review/review-text.ts': 'the review sent to the agent',
  'src/tools/job-tool-schemas.ts': 'what a model reads of the job tools, word for word the manifest’s modelDescription',
  'src/tools/reader-tool-schemas.ts': 'what a model reads of the readers tools, word for word the manifest’s modelDescription',
  'src/visitors/date-range.ts': 'a programming error, never shown',
  'src/visitors/visitors-panel.ts': 'the panel’s HTML markup',
};

describe('the code’s words in the writer’s language', () => {
  it('sends every sentence and every shown label through l10n.t', () => {
    const found = untranslatedWords(repoRoot).map((u) => `${u.file}:${u.line} (${u.why}) ${JSON.stringify(u.text)}`);
    assert.deepEqual(found, [], `${found.length} strings bypass l10n.t:\n${found.join('\n')}`);
  });

  it('leaves English only where this test lists it, each for a reason', () => {
    assert.deepEqual(filesStayingEnglish(repoRoot), Object.keys(staysEnglish).sort());
  });
});
