// Command line for the emulator: `node out/test/emulator/cli.js --port 4000`. The labelled
// start-up lines are an interface (scripts parse them); keep their wording.
import type { EmulatorOptions } from './options';
import { type RunningEmulator, startEmulator } from './server';

const USAGE = `Usage: node out/test/emulator/cli.js [options]

  --port N              port on 127.0.0.1 (default 0, a free port)
  --seed N              seed for the visit log, key, job ids and timings (default 1)
  --today YYYY-MM-DD    last day of the visit log (default: today, UTC)
  --job-min-ms N        shortest job run in ms (default 5000)
  --job-max-ms N        longest job run in ms (default 30000)
  --agent-limit N       agent uses per project per hour (default 100)
  --analytics-limit N   analytics requests per organisation per hour (default 100)
  --preview-queued-ms N time a preview deployment waits in the queue (default 3000)
  --preview-build-ms N  time a preview deployment builds (default 5000)
  --preview-limit N     preview triggers per organisation per minute (default 5)
  --key K               the valid API key (default: mint_emu_ + 24 hex digits from the seed)
  --project-id P        project served from the fixture docs (default acme-docs)
  --synthetic-project-id P   the 10,000-page project (default synthetic-10k)
  --git-remote DIR      a bare repository with the site on main: jobs commit their changes to it,
                        previews build its branches
  --quiet               no per-request log lines
  --help                this text`;

class UsageError extends Error {}

type Setter = (options: EmulatorOptions, value: string) => void;

function int(name: string): (value: string) => number {
  return (value) => {
    if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value)))
      throw new UsageError(`--${name} needs a whole number, not "${value}"`);
    return Number(value);
  };
}

const FLAGS: Record<string, Setter> = {
  port: (o, v) => (o.port = int('port')(v)),
  seed: (o, v) => (o.seed = int('seed')(v)),
  today: (o, v) => (o.today = v),
  'job-min-ms': (o, v) => (o.jobMinMs = int('job-min-ms')(v)),
  'job-max-ms': (o, v) => (o.jobMaxMs = int('job-max-ms')(v)),
  'agent-limit': (o, v) => (o.agentLimitPerHour = int('agent-limit')(v)),
  'analytics-limit': (o, v) => (o.analyticsLimitPerHour = int('analytics-limit')(v)),
  'preview-queued-ms': (o, v) => (o.previewQueuedMs = int('preview-queued-ms')(v)),
  'preview-build-ms': (o, v) => (o.previewBuildMs = int('preview-build-ms')(v)),
  'preview-limit': (o, v) => (o.previewLimitPerMinute = int('preview-limit')(v)),
  key: (o, v) => (o.key = v),
  'project-id': (o, v) => (o.projectId = v),
  'synthetic-project-id': (o, v) => (o.syntheticProjectId = v),
  'git-remote': (o, v) => (o.gitRemote = v),
};

/** Parses argv; returns null for --help. Accepts `--flag value` and `--flag=value`. */
export function parseArgs(argv: readonly string[]): EmulatorOptions | null {
  const options: EmulatorOptions = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--help' || arg === '-h') return null;
    if (arg === '--quiet') {
      options.quiet = true;
      continue;
    }
    const m = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
    const setter = m ? FLAGS[m[1]] : undefined;
    if (!m || !setter) throw new UsageError(`Unknown option "${arg}" (try --help)`);
    const value = m[2] ?? argv[++i];
    if (value === undefined) throw new UsageError(`--${m[1]} needs a value`);
    setter(options, value);
  }
  return options;
}

async function main(): Promise<void> {
  let options: EmulatorOptions | null;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (e: unknown) {
    console.error(e instanceof Error ? e.message : String(e));
    process.exit(2);
  }
  if (options === null) {
    console.log(USAGE);
    return;
  }
  // Handlers go in before start-up so a signal at any moment ends the process cleanly: the
  // first closes gracefully (or exits at once if nothing runs yet), a second means "now".
  let running: RunningEmulator | undefined;
  let stopping = false;
  const stop = (code: number): void => {
    if (stopping || !running) process.exit(stopping ? code : 0);
    stopping = true;
    void running.close().then(() => process.exit(0));
  };
  process.on('SIGINT', () => stop(130));
  process.on('SIGTERM', () => stop(143));
  let emulator: RunningEmulator;
  try {
    emulator = await startEmulator(options);
  } catch (e: unknown) {
    const message = e instanceof Error ? e.message : String(e);
    // Option checks are usage errors (2); anything else, such as a port in use, is 1.
    const listenError = typeof e === 'object' && e !== null && 'code' in e;
    console.error(`Cannot start the emulator: ${message}`);
    process.exit(listenError ? 1 : 2);
  }
  console.log('Docs Agent emulator is running.');
  console.log(`Base URL: ${emulator.baseUrl}`);
  console.log(`Project ID: ${emulator.projectId}`);
  console.log(`Synthetic project ID: ${emulator.syntheticProjectId}`);
  console.log(`API key: ${emulator.key}`);
  console.log(`Control: ${emulator.baseUrl}/__emulator/`);
  running = emulator;
}

if (require.main === module) void main();
