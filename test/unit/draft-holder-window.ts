// A window, in a process of its own, that opens a draft and holds it until the test kills it
// (a window that dies without closing anything). It prints its hold once it has it.
//   node draft-holder-window.js <holds folder> <draft id>
import { DraftHolds } from '../../src/compose/draft-holds';

async function main(): Promise<void> {
  const [folder, id] = process.argv.slice(2);
  const holds = new DraftHolds(folder, 'the-window-that-dies', 'site-a', 100);
  process.stdout.write(`${JSON.stringify(await holds.hold(id))}\n`);
  // Alive, renewing its hold, until killed; gone with the test run in any case.
  process.stdin.on('end', () => process.exit(0));
  process.stdin.resume();
}

void main();
