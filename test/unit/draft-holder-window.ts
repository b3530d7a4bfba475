// A window, in a process of its own, that opens a draft and holds it until the test kills it
// (a window that dies without closing anything). It prints its hold once it has it. Given the
// drafts' folder, each line `save <text>` on its stdin is the editor saving the draft, and it
// prints what became of the save.
//   node draft-holder-window.js <holds folder> <draft id> [<drafts folder>]
import { createInterface } from 'node:readline';
import { DraftFolder } from '../../src/compose/draft-folder';
import { DraftHolds, saveDraft } from '../../src/compose/draft-holds';

async function main(): Promise<void> {
  const [folder, id, drafts] = process.argv.slice(2);
  const holds = new DraftHolds(folder, 'the-window-that-dies', 'site-a', 100);
  process.stdout.write(`${JSON.stringify(await holds.hold(id))}\n`);
  // Alive, renewing its hold, until killed; gone with the test run in any case.
  const input = createInterface({ input: process.stdin });
  input.on('close', () => process.exit(0));
  input.on('line', (line) => {
    if (!drafts || !line.startsWith('save ')) return;
    const content = new TextEncoder().encode(line.slice('save '.length));
    void saveDraft(new DraftFolder(drafts), holds, id, content).then((saved) => process.stdout.write(`${JSON.stringify(saved)}\n`));
  });
}

void main();
