import * as assert from 'node:assert/strict';
import type { PathRow } from '../../src/visitors/protocol';
import { defaultSort, filterRows, nextSort, sortRows, sortState, summaryText } from '../../src/webview/visitors/table-model';

const row = (path: string, human: number, ai: number): PathRow => ({ path, human, ai, total: human + ai });
const rows = [row('/b', 5, 1), row('/a', 5, 1), row('/Guides/Webhooks', 1, 40), row('/c', 9, 0)];

describe('the visitors table, without the DOM', () => {
  it('starts with the most visited first, ties in path order so rows never jump', () => {
    assert.deepEqual(
      sortRows(rows, defaultSort).map((r) => r.path),
      ['/Guides/Webhooks', '/c', '/a', '/b'],
    );
  });

  it('flips a column on a second click; a new column starts A→Z for paths, largest first for numbers', () => {
    assert.deepEqual(nextSort(defaultSort, 'total'), { column: 'total', descending: false });
    assert.deepEqual(nextSort(defaultSort, 'path'), { column: 'path', descending: false });
    assert.deepEqual(nextSort({ column: 'path', descending: false }, 'ai'), { column: 'ai', descending: true });
    assert.deepEqual(
      sortRows(rows, { column: 'path', descending: false }).map((r) => r.path),
      ['/Guides/Webhooks', '/a', '/b', '/c'],
    );
  });

  it('marks only the sorted column, for sight and for screen readers', () => {
    assert.deepEqual(sortState(defaultSort, 'total'), { aria: 'descending', mark: ' ▼' });
    assert.deepEqual(sortState({ column: 'ai', descending: false }, 'ai'), { aria: 'ascending', mark: ' ▲' });
    assert.deepEqual(sortState(defaultSort, 'path'), { aria: 'none', mark: '' });
  });

  it('filters by a part of the path in any case, ignoring spaces around it', () => {
    assert.deepEqual(
      filterRows(rows, '  webHOOK ').map((r) => r.path),
      ['/Guides/Webhooks'],
    );
    assert.equal(filterRows(rows, '   ').length, rows.length);
    assert.deepEqual(filterRows(rows, 'nothing'), []);
  });

  it('counts what is shown and what is drawn', () => {
    const count = (n: number): string => n.toLocaleString('en-US');
    assert.equal(summaryText(12, 12, 12, count), '12 paths');
    assert.equal(summaryText(3, 12, 3, count), '3 of 12 paths');
    assert.equal(summaryText(10_000, 10_000, 200, count), '10,000 paths · showing 200');
  });
});
