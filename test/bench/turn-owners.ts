// Whose code held the thread in each long turn: V8's CPU profile of this thread (the inspector's
// own session, no debugger attached) while the work runs, and the samples inside each long turn
// that loop-turns.ts saw, each put down to the first code on its stack that is an extension's (by
// its file: Docs Agent's dist/, a built-in extension's folder, the emulator and the bench's own
// out/), the garbage collector, else the editor's own extension host. No vscode import.
import { Session } from 'node:inspector/promises';
import type { Profiler } from 'node:inspector';
import type { Turn, Watched } from './loop-turns';
import { watchTurns } from './loop-turns';
import { round } from './stats';

export interface OwnedWatch<T> extends Watched<T> {
  /** Per owner, the longest turn most of whose samples were its code, ms. */
  longestTurnByOwnerMs: Record<string, number>;
}

/** Who a sample's code is: the first frame from the leaf up that names one. */
function ownerOf(stack: readonly Profiler.ProfileNode[], extensionRoot: string): string | undefined {
  for (const { callFrame } of stack) {
    if (callFrame.functionName === '(garbage collector)') return 'garbage collector';
    if (callFrame.functionName === '(idle)') return undefined;
    const url = callFrame.url.replace(/^file:\/\//, '');
    if (url.startsWith(`${extensionRoot}/dist/`)) return 'Docs Agent';
    // The host suites run the service emulator in the extension host too.
    if (url.startsWith(`${extensionRoot}/out/test/emulator/`)) return 'the emulator';
    if (url.startsWith(`${extensionRoot}/out/`)) return 'the bench';
    const extension = /\/extensions\/([^/]+)\//.exec(url)?.[1];
    if (extension) return extension;
  }
  return 'extension host';
}

/** For each sample of the profile, its time (µs, the monotonic clock) and owner. */
function ownedSamples(profile: Profiler.Profile, extensionRoot: string): { atUs: number; owner: string | undefined }[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const owners = new Map<number, string | undefined>();
  const ownerOfNode = (id: number): string | undefined => {
    if (!owners.has(id)) {
      const stack: Profiler.ProfileNode[] = [];
      for (let at: number | undefined = id; at !== undefined; at = parents.get(at)) stack.push(byId.get(at) as Profiler.ProfileNode);
      owners.set(id, ownerOf(stack, extensionRoot));
    }
    return owners.get(id);
  };
  let atUs = profile.startTime;
  return (profile.samples ?? []).map((id, i) => {
    atUs += profile.timeDeltas?.[i] ?? 0;
    return { atUs, owner: ownerOfNode(id) };
  });
}

/** The owner most of a turn's samples belong to. */
function turnOwner(turn: Turn, samples: readonly { atUs: number; owner: string | undefined }[]): string | undefined {
  const counts = new Map<string, number>();
  for (const { atUs, owner } of samples) {
    if (owner && atUs >= turn.startUs && atUs <= turn.endUs) counts.set(owner, (counts.get(owner) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
}

/** Runs `work` with its turns watched and this thread profiled; `extensionRoot` is Docs Agent's folder. */
export async function watchOwnedTurns<T>(work: () => Promise<T>, extensionRoot: string): Promise<OwnedWatch<T>> {
  const session = new Session();
  session.connect();
  try {
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 1000 });
    await session.post('Profiler.start');
    const watched = await watchTurns(work);
    const { profile } = await session.post('Profiler.stop');
    const samples = ownedSamples(profile, extensionRoot);
    const longestTurnByOwnerMs: Record<string, number> = {};
    for (const turn of watched.longTurns) {
      const owner = turnOwner(turn, samples) ?? 'unsampled';
      longestTurnByOwnerMs[owner] = Math.max(longestTurnByOwnerMs[owner] ?? 0, round((turn.endUs - turn.startUs) / 1000));
    }
    return { ...watched, longestTurnByOwnerMs };
  } finally {
    session.disconnect();
  }
}
