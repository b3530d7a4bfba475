import * as assert from 'node:assert/strict';
import { testPace } from '../../src/platform/test-pace';

describe('the test pace', () => {
  it('is 1 unless the environment asks for a number from 1 to 100', () => {
    assert.equal(testPace({}), 1);
    assert.equal(testPace({ DOCS_AGENT_TEST_PACE: '10' }), 10);
    for (const bad of ['', 'fast', '0', '0.5', '-3', '1000', 'Infinity']) assert.equal(testPace({ DOCS_AGENT_TEST_PACE: bad }), 1, bad);
  });
});
