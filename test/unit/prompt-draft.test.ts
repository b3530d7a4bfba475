import * as assert from 'node:assert/strict';
import { draftText, headingAbove, instructionHint, promptOf } from '../../src/compose/prompt-draft';

describe('the composer’s draft: what the writer sees is what is sent', () => {
  const context = {
    path: 'docs/quickstart.mdx',
    heading: 'Install the CLI',
    lines: { from: 12, to: 13 },
    quote: 'npm i -g mint\nmint dev',
  };

  it('sends the instruction, then the file, section, lines and quoted selection, without the hint line', () => {
    const text = draftText(context).replace(/^/, 'Explain what each command does');
    const sent = promptOf(text);
    assert.deepEqual(sent, {
      ok: true,
      prompt: [
        'Explain what each command does',
        '',
        'Context:',
        '- File: docs/quickstart.mdx',
        '- Section: Install the CLI',
        '- Lines: 12–13',
        '',
        'Selected text:',
        '> npm i -g mint',
        '> mint dev',
      ].join('\n'),
    });
    assert.ok(!(sent.ok && sent.prompt.includes(instructionHint())));
  });

  it('says in the draft that sending is one agent use, and a draft an earlier version wrote never sends its old hint', () => {
    assert.match(instructionHint(), /Sending is one agent use \(your project has 100 an hour\)/);
    const old =
      '<!-- Write what the agent should do above this line. Everything else here is sent with it: edit or delete what the agent should not see. Send with Ctrl+Enter (Cmd+Enter on a Mac) or the Send button above. -->';
    assert.deepEqual(promptOf(`Shorten it.\n\n${old}\n\nContext:\n- File: docs/a.mdx\n`), {
      ok: true,
      prompt: 'Shorten it.\n\nContext:\n- File: docs/a.mdx',
    });
  });

  it('refuses a draft whose instruction is still empty, with a sentence saying where to write', () => {
    assert.deepEqual(promptOf(draftText(context)), { ok: false, problem: 'Write what the agent should do on the first line, then send.' });
  });

  it('sends what the writer edited: a deleted context line stays out, a multi-line instruction keeps its line breaks', () => {
    const edited = draftText(context, 'First, shorten it.\nSecond, add a Windows example.').replace('- Lines: 12–13\n', '');
    const sent = promptOf(edited);
    assert.ok(sent.ok);
    assert.match(sent.prompt, /^First, shorten it\.\nSecond, add a Windows example\.\n\nContext:/);
    assert.doesNotMatch(sent.prompt, /Lines/);
  });

  it('finds the section above a line: skips headings inside code fences, falls back to the front matter title', () => {
    const page = ['---', 'title: "Quickstart"', '---', 'Intro', '## Install', '```bash', '# not a heading', 'npm i', '```', 'Run it.'];
    assert.equal(headingAbove(page, 9), 'Install');
    assert.equal(headingAbove(page, 7), 'Install');
    assert.equal(headingAbove(page, 3), 'Quickstart');
    assert.equal(headingAbove(['no heading here'], 0), undefined);
  });
});
