import * as assert from 'node:assert/strict';
import { threadStatus } from '../../src/review/review-status';

// After the agent's next commit, each sent comment says whether its place changed (addressed) or
// not (still open), so the writer looks only at what is left.
describe('whether a sent comment was addressed', () => {
  const file = ['---', 'title: "Webhooks"', '---', '', 'Acme calls your endpoint.', '> Edited by the agent.', ''].join('\n');

  it('a comment on the agent’s lines is still open while those lines read as they did, anywhere in the file', () => {
    assert.equal(threadStatus({ side: 'agent', lines: ['> Edited by the agent.'] }, file), 'open');
    const moved = `> Edited by the agent.\n${file.replace('> Edited by the agent.\n', '')}`;
    assert.equal(threadStatus({ side: 'agent', lines: ['> Edited by the agent.'] }, moved), 'open');
    assert.equal(threadStatus({ side: 'agent', lines: ['', 'Acme calls your endpoint.'] }, file.replace(/\n/g, '\r\n')), 'open');
  });

  it('is addressed once a line of them changed, or the file is gone', () => {
    assert.equal(
      threadStatus({ side: 'agent', lines: ['> Edited by the agent.'] }, file.replace('agent.', 'agent, and why.')),
      'addressed',
    );
    assert.equal(
      threadStatus({ side: 'agent', lines: ['Acme calls your endpoint.', '> Edited by the agent.'] }, file.replace('Acme', 'Globex')),
      'addressed',
    );
    assert.equal(threadStatus({ side: 'agent', lines: ['> Edited by the agent.'] }, undefined), 'addressed');
  });

  it('a comment on lines the change removed is addressed once they are back, else still open', () => {
    const removed = ['Keep this example.'];
    assert.equal(threadStatus({ side: 'before', lines: removed }, file), 'open');
    assert.equal(threadStatus({ side: 'before', lines: removed }, `${file}Keep this example.\n`), 'addressed');
    assert.equal(threadStatus({ side: 'before', lines: removed }, undefined), 'open');
  });
});
