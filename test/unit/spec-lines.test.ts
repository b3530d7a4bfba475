// Where an operation is written in its OpenAPI file, for opening a generated page's spec there:
// the method's line under its path in YAML and JSON, never a deeper key that shares a method's name.
import * as assert from 'node:assert/strict';
import { operationLine, operationLines } from '../../src/site/spec-lines';

describe('an operation’s line in its spec', () => {
  it('finds the method under its path, not a schema property named like a method', () => {
    const yaml = [
      'openapi: 3.1.0',
      'paths:',
      "  '/users/{id}':",
      '    post:',
      '      requestBody:',
      '        content:',
      '          application/json:',
      '            schema:',
      '              properties:',
      '                delete: { type: boolean }',
      '    delete:',
      '      summary: Delete a user',
      'components: {}',
    ].join('\n');
    const lines = operationLines(yaml);
    assert.equal(operationLine(lines, 'POST', '/users/{id}'), 3);
    assert.equal(operationLine(lines, 'delete', '/users/{id}'), 10);
    assert.equal(operationLine(lines, 'get', '/users/{id}'), 2, 'no such method: the path’s line');
    assert.equal(operationLine(lines, 'get', '/nowhere'), undefined);
  });

  it('reads JSON as writers lay it out', () => {
    const json = JSON.stringify({ openapi: '3.0.3', paths: { '/a': { get: { summary: 'A' } }, '/b': { put: {} } } }, null, 2);
    const lines = json.split('\n');
    const line = operationLine(operationLines(json), 'put', '/b');
    assert.equal(line === undefined ? '' : lines[line]?.trim(), '"put": {}');
  });
});
