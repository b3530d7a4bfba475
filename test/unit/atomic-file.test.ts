import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { machineFolder } from '../support/fakes/job-window';

describe('atomic file writes', () => {
  it('a write that fails halfway (the disk refuses more) leaves no temporary file, and the old text', () => {
    const folder = machineFolder();
    mkdirSync(folder, { recursive: true });
    const target = join(folder, 'record.json');
    writeFileSync(target, '"old"');
    const module = join(__dirname, '../../src/platform/machine/atomic-file.js');
    // A child limited to 1 KB files (Node ignores SIGXFSZ, so the write fails with EFBIG).
    const script = `require(${JSON.stringify(module)}).writeAtomic(${JSON.stringify(target)}, JSON.stringify('x'.repeat(100000))).then(() => console.log('written'), (e) => console.log(e.code))`;
    const child = spawnSync('/bin/sh', ['-c', 'ulimit -f 1 && exec "$0" -e "$1"', process.execPath, script], { encoding: 'utf8' });
    assert.equal(child.stdout.trim(), 'EFBIG', child.stderr);
    assert.deepEqual(readdirSync(folder), ['record.json']);
    assert.equal(readFileSync(target, 'utf8'), '"old"');
  });
});
