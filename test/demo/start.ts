// `npm start`: the emulator, and a real VS Code (code-server) with the extension installed
// and the fixture docs site open, already pointed at the emulator. The key reaches the
// extension through its environment variable, never through a settings file.
// Ctrl-C stops everything this started.
import { createServer } from 'node:net';
import { parseArgs } from 'node:util';
import { startEmulator } from '../emulator/server';
import { repoRoot, startCodeServer } from '../support/workbench/code-server';

function portIsFree(port: number): Promise<boolean> {
  return new Promise((done) => {
    const server = createServer();
    server.once('error', () => done(false));
    server.listen(port, '127.0.0.1', () => server.close(() => done(true)));
  });
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { port: { type: 'string', default: '8080' }, 'emulator-port': { type: 'string', default: '0' } },
  });
  const wanted = Number(values.port);
  if (!(await portIsFree(wanted))) {
    console.error(`demo: port ${wanted} is taken; run again with another: npm start -- --port 8081`);
    process.exit(2);
  }
  const emulator = await startEmulator({ port: Number(values['emulator-port']), quiet: true });
  console.log('demo: starting VS Code (code-server); the first run installs it, about 3 minutes…');
  const server = await startCodeServer({
    port: wanted,
    workspaceSettings: { 'docsAgent.projectId': emulator.projectId },
    // The service's address is the user's to choose: a workspace cannot send the key elsewhere.
    userSettings: { 'docsAgent.baseUrl': emulator.baseUrl },
    env: { MINTLIFY_API_KEY: emulator.key },
    installExtension: repoRoot,
    onOutput: (text) => {
      if (/error/i.test(text) && !/marketplace|telemetry|ENOTFOUND|ECONNREFUSED/i.test(text)) process.stderr.write(text);
    },
  });

  const folder = server.folder;
  // The workspace is a git clone; the agent's changes land in the repository it fetches from.
  emulator.useGitRemote(server.gitRemote);
  let stopping = false;
  const stop = async (): Promise<void> => {
    if (stopping) return;
    stopping = true;
    console.log('\ndemo: stopping…');
    await server.stop();
    await emulator.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());

  console.log(
    [
      '',
      'Docs Agent demo is running.',
      `  Open:      ${server.url}/?folder=${encodeURIComponent(folder)}`,
      `  Emulator:  ${emulator.baseUrl} (project ${emulator.projectId}; jobs finish in 5-30 s;`,
      '             a prompt with [fail] fails, [no-change] completes without a PR)',
      '  Try:       select text in docs/quickstart.mdx, right-click, "Send Selection as Agent Prompt".',
      '  Stop:      Ctrl-C',
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  console.error(`demo: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
