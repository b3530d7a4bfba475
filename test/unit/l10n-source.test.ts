// The code's words in the writer's language: no English literal reaches the writer without
// l10n.t (test/support/untranslated.ts says what counts). Deliberate exceptions are marked in
// the source with a comment saying the text "stays English" (prompts written for the agent),
// and log lines are skipped: they are read by whoever diagnoses a problem, in English.
import * as assert from 'node:assert/strict';
import { repoRoot } from '../support/manifest';
import { untranslatedWords } from '../support/untranslated';

describe('the code’s words in the writer’s language', () => {
  it('sends every sentence and every shown label through l10n.t', () => {
    const found = untranslatedWords(repoRoot).map((u) => `${u.file}:${u.line} (${u.why}) ${JSON.stringify(u.text)}`);
    assert.deepEqual(found, [], `${found.length} strings bypass l10n.t:\n${found.join('\n')}`);
  });
});
