// The `rg` binary that code-server 4.99.4's VS Code wants at install time. Its
// @vscode/ripgrep@1.15.11 postinstall downloads ripgrep from GitHub (unreachable here) unless
// `<os tmpdir>/vscode-ripgrep-cache-1.15.11/ripgrep-v13.0.0-10-<target>.tar.gz` exists. The
// npm package @vscode/ripgrep-universal ships the same program for every platform, so its
// binary is packed into that file, in a folder of the cache that the install then uses as
// TMPDIR (nothing is left in the machine's /tmp).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ProvisionError, run } from './provision-util.mjs';

const RIPGREP_UNIVERSAL = '@vscode/ripgrep-universal@1.18.0';
const WANTED = { package: '1.15.11', release: 'v13.0.0-10' };
const TARGETS = {
  x64: { bin: 'linux-x64', target: 'x86_64-unknown-linux-musl' },
  arm64: { bin: 'linux-arm64', target: 'aarch64-unknown-linux-musl' },
};

/**
 * Fills `tmpDir` (to be the install's TMPDIR) with the cached download the postinstall looks
 * for. `env` is the npm environment; `log` where npm's output goes.
 */
export async function placeRipgrepDownload(tmpDir, { env, log, arch = process.arch }) {
  const target = TARGETS[arch];
  if (!target) throw new ProvisionError(`code-server 4.99.4 can be provisioned here on x64 and arm64 Linux only (this is ${arch})`);
  const cacheFolder = join(tmpDir, `vscode-ripgrep-cache-${WANTED.package}`);
  mkdirSync(cacheFolder, { recursive: true });
  const unpack = mkdtempSync(join(tmpDir, 'ripgrep-universal-'));
  try {
    await run('npm', ['pack', RIPGREP_UNIVERSAL, '--pack-destination', unpack], { cwd: unpack, env, log });
    await run('tar', ['xzf', join(unpack, 'vscode-ripgrep-universal-1.18.0.tgz'), '-C', unpack, `package/bin/${target.bin}/rg`], {
      env,
      log,
    });
    const tarball = join(cacheFolder, `ripgrep-${WANTED.release}-${target.target}.tar.gz`);
    await run('tar', ['czf', tarball, '-C', join(unpack, 'package', 'bin', target.bin), 'rg'], { env, log });
  } finally {
    rmSync(unpack, { recursive: true, force: true });
  }
}
