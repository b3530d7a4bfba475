// The emulator's command line: the labelled start-up lines other tools parse, clean exit on
// SIGTERM, and exit code 2 with one line for a bad flag.
import * as assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { parseArgs } from '../cli';

const CLI = resolve(__dirname, '../cli.js');

function run(args: string[]): ChildProcess {
  return spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
}

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((done) => child.once('exit', (code) => done(code)));
}

function collect(stream: NodeJS.ReadableStream | null): () => string {
  let text = '';
  stream?.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  return () => text;
}

describe('emulator: command line', () => {
  it('prints the labelled lines, serves, and exits 0 on SIGTERM', async () => {
    const child = run(['--port', '0', '--seed', '7', '--key', 'mint_cli_test', '--quiet']);
    const stdout = collect(child.stdout);
    const exit = exited(child);
    try {
      const deadline = Date.now() + 10_000;
      while (!stdout().includes('Control:') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      const lines = stdout().trim().split('\n');
      assert.equal(lines[0], 'Docs Agent emulator is running.');
      const label = (name: string): string => lines.find((l) => l.startsWith(`${name}: `))?.slice(name.length + 2) ?? '';
      const baseUrl = label('Base URL');
      assert.match(baseUrl, /^http:\/\/127\.0\.0\.1:\d+$/);
      assert.deepEqual(['Project ID', 'Synthetic project ID', 'API key', 'Control'].map(label), [
        'acme-docs',
        'synthetic-10k',
        'mint_cli_test',
        `${baseUrl}/__emulator/`,
      ]);
      const res = await fetch(`${baseUrl}/v2/agent/acme-docs/job/x`, { headers: { authorization: 'Bearer mint_cli_test' } });
      assert.equal(res.status, 404);
    } finally {
      child.kill('SIGTERM');
    }
    assert.equal(await exit, 0);
  });

  for (const args of [['--bogus'], ['--port'], ['--port', 'x'], ['--today', '2026-02-30'], ['--job-min-ms', '10', '--job-max-ms', '5']]) {
    it(`exits 2 with one line for ${args.join(' ')}`, async () => {
      const child = run(args);
      const stderr = collect(child.stderr);
      assert.equal(await exited(child), 2);
      assert.equal(stderr().trim().split('\n').length, 1, stderr());
    });
  }

  it('parses --flag=value and --help', () => {
    assert.deepEqual(parseArgs(['--port=4000', '--agent-limit', '3', '--project-id', 'p']), {
      port: 4000,
      agentLimitPerHour: 3,
      projectId: 'p',
    });
    assert.equal(parseArgs(['--help']), null);
  });
});
