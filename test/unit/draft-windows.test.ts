import * as assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { ProjectScope } from '../../src/api/project-scope';
import { DraftFolder } from '../../src/compose/draft-folder';
import { DraftHolds, saveDraft } from '../../src/compose/draft-holds';
import { draftDestination, projectNames } from '../../src/compose/draft-project';
import { eventually } from '../support/eventually';
import { machineFolder } from '../support/fakes/job-window';

const text = (value: string): Uint8Array => new TextEncoder().encode(value);
const words = async (folder: DraftFolder, id: string): Promise<string> => new TextDecoder().decode(await folder.read(id));
const siteA: ProjectScope = { baseUrl: 'https://api.mintlify.com', projectId: 'site-a' };
const siteB: ProjectScope = { baseUrl: 'https://api.mintlify.com', projectId: 'site-b' };

describe('drafts across windows: the project a draft goes to', () => {
  it('a draft started on site A’s page and sent from a window on site B asks which, with A’s project first; one window on A sends to A', async () => {
    const shared = machineFolder();
    // Window 1, on site A, starts the draft; window 2, on site B, opens it from Open an Unsent Draft….
    await new DraftFolder(shared).create('d1', 'docs-agent-compose:/d1/Ask.md', text('Shorten it'), siteA);
    const kept = await new DraftFolder(shared).project('d1');
    assert.deepEqual(draftDestination(kept, siteB), { ask: { draft: siteA, window: siteB } });
    assert.deepEqual(draftDestination(kept, siteA), { send: siteA });
    // A window with no project set has nothing to offer: the draft's own.
    assert.deepEqual(draftDestination(kept, { ...siteB, projectId: '' }), { send: siteA });
  });

  it('a draft that knows no project (an earlier version’s, or started before one was set) goes to the window’s', async () => {
    const shared = machineFolder();
    await new DraftFolder(shared).create('old', 'docs-agent-compose:/old/Ask.md', text('Shorten it'), undefined);
    assert.deepEqual(draftDestination(await new DraftFolder(shared).project('old'), siteB), { send: siteB });
    assert.deepEqual(draftDestination({ ...siteA, projectId: '' }, siteB), { send: siteB });
  });

  it('the question names two projects of one id on two services by their services', () => {
    const other = { baseUrl: 'https://docs.example.com/api', projectId: 'site-a' };
    assert.deepEqual(projectNames(siteA, siteB), { draft: 'site-a', window: 'site-b' });
    assert.deepEqual(projectNames(siteA, other), {
      draft: 'site-a · https://api.mintlify.com',
      window: 'site-a · https://docs.example.com/api',
    });
  });
});

describe('drafts across windows: a sent draft stays sent', () => {
  it('a save from window 2 landing after window 1 sent the draft is dropped: not on disk, not offered again, and the editor’s check still answers', async () => {
    const shared = machineFolder();
    const [one, two] = [new DraftFolder(shared), new DraftFolder(shared)];
    await one.create('d1', 'docs-agent-compose:/d1/Ask.md', text('Shorten it'), siteA);
    assert.equal(await two.write('d1', text('Shorten it, please')), true);
    const before = await two.state('d1');
    await one.markSent('d1');
    assert.equal(await two.write('d1', text('Shorten it, please, again')), false, 'the late save is dropped');
    assert.equal(await two.read('d1'), undefined);
    assert.equal(await one.read('d1'), undefined);
    assert.deepEqual(await two.unsent(), []);
    // The editor asks for the file's state around a save: the sent draft's last one, so no save fails in the writer's face.
    assert.deepEqual(await two.state('d1'), { state: before?.state, sent: true });
  });
});

describe('drafts across windows: one window edits a draft at a time', () => {
  const open: DraftHolds[] = [];
  const processes: ChildProcess[] = [];
  afterEach(async () => {
    for (const child of processes.splice(0)) child.kill('SIGKILL'); // a failed test leaves no window behind
    for (const holds of open.splice(0)) await holds.dispose();
  });
  function window(folder: string, owner: string, where: string, heartbeatMs = 100): DraftHolds {
    const made = new DraftHolds(folder, owner, where, heartbeatMs);
    open.push(made);
    return made;
  }
  const regained = (holds: DraftHolds, id: string): Promise<void> =>
    new Promise((resolve) => holds.onDidChange((changed) => changed === id && holds.editedElsewhere(id) === undefined && resolve()));

  it('a draft open in window 1 is read-only in window 2, which says where it is edited, and editable there as soon as window 1 closes it', async () => {
    const holds = machineFolder();
    const one = window(holds, 'w1', 'site-a');
    // Window 2 checks only once a minute: closing the draft in window 1 is seen at once, not at the next check.
    const two = window(holds, 'w2', 'site-b', 60_000);
    assert.deepEqual(await one.hold('d1'), { held: true });
    assert.deepEqual(await two.hold('d1'), { held: false, where: 'site-a' });
    assert.equal(two.editedElsewhere('d1'), 'site-a');
    assert.deepEqual(await one.hold('d1'), { held: true }, 'window 1 keeps it');
    const editable = regained(two, 'd1');
    await one.release('d1');
    await editable;
    assert.deepEqual(await two.hold('d1'), { held: true });
    assert.deepEqual(await one.hold('d1'), { held: false, where: 'site-b' }, 'now window 1 opens it read-only');
  });

  it('a draft held by a window that dies becomes editable in the other', async () => {
    const holds = machineFolder();
    const dying = spawn(process.execPath, [join(__dirname, 'draft-holder-window.js'), holds, 'd1'], { stdio: ['pipe', 'pipe', 'inherit'] });
    processes.push(dying);
    const [line] = (await once(dying.stdout, 'data')) as [Buffer];
    assert.deepEqual(JSON.parse(line.toString()), { held: true });
    const two = window(holds, 'w2', 'site-b');
    assert.deepEqual(await two.hold('d1'), { held: false, where: 'site-a' });
    const editable = regained(two, 'd1');
    dying.kill('SIGKILL');
    await once(dying, 'exit');
    await editable;
    assert.equal(two.editedElsewhere('d1'), undefined);
  });

  it('a window that goes lets go of every draft it holds', async () => {
    const holds = machineFolder();
    const one = new DraftHolds(holds, 'w1', 'site-a', 100);
    const two = window(holds, 'w2', 'site-b');
    await Promise.all([one.hold('d1'), one.hold('d2')]);
    assert.deepEqual(
      [await two.hold('d1'), await two.hold('d2')],
      [
        { held: false, where: 'site-a' },
        { held: false, where: 'site-a' },
      ],
    );
    await one.dispose();
    await eventually(() => two.editedElsewhere('d1') === undefined && two.editedElsewhere('d2') === undefined, 'both drafts editable');
  });

  it('a window that does not hold a draft cannot save over it: its save is refused and the words of the window editing it stay', async () => {
    const [holds, drafts] = [machineFolder(), machineFolder()];
    const folder = new DraftFolder(drafts);
    await folder.create('d1', 'docs-agent-compose:/d1/Ask.md', text('Shorten the intro'), siteA);
    const one = window(holds, 'w1', 'site-a');
    const two = window(holds, 'w2', 'site-b');
    await one.hold('d1');
    assert.equal(await saveDraft(folder, one, 'd1', text('Shorten the intro to two sentences')), 'written');
    assert.deepEqual(await two.hold('d1'), { held: false, where: 'site-a' });
    assert.equal(await saveDraft(folder, two, 'd1', text('Shorten the intro')), 'refused');
    assert.equal(await words(folder, 'd1'), 'Shorten the intro to two sentences');
    // Window 1 sends it (marks it sent, then lets go): a save from window 2 in between is dropped as before, not refused.
    await folder.markSent('d1');
    assert.equal(await saveDraft(folder, two, 'd1', text('Shorten the intro')), 'dropped');
  });

  it('a window that hung and lost its draft to another has its save refused: the words written there since stay', async () => {
    const [holds, drafts] = [machineFolder(), machineFolder()];
    const folder = new DraftFolder(drafts);
    await folder.create('d1', 'docs-agent-compose:/d1/Ask.md', text('Shorten the intro'), siteA);
    const hung = spawn(process.execPath, [join(__dirname, 'draft-holder-window.js'), holds, 'd1', drafts], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    processes.push(hung);
    const said = createInterface({ input: hung.stdout })[Symbol.asyncIterator]();
    const next = async (): Promise<unknown> => JSON.parse(String((await said.next()).value)) as unknown;
    assert.deepEqual(await next(), { held: true });
    const two = window(holds, 'w2', 'site-b');
    assert.deepEqual(await two.hold('d1'), { held: false, where: 'site-a' });
    // Window 1 hangs (a paused debugger, a machine asleep) between two renewals (hung holding the
    // lease's lock, it would keep window 2 out for longer): its hold expires and window 2 takes the draft.
    const editable = regained(two, 'd1');
    for (let stopped = false; !stopped;) {
      hung.kill('SIGSTOP');
      await eventually(() => readFileSync(`/proc/${hung.pid}/stat`, 'utf8').split(') ')[1]?.startsWith('T') === true, 'window 1 stopped');
      stopped = !existsSync(join(holds, 'd1.lease.lock'));
      if (!stopped) hung.kill('SIGCONT');
    }
    await editable;
    assert.equal(await saveDraft(folder, two, 'd1', text('Shorten the intro to two sentences')), 'written');
    // Window 1 wakes, and its editor saves the text it still shows, as the draft's holder it was.
    hung.stdin?.write('save Shorten the intro\n');
    hung.kill('SIGCONT');
    assert.equal(await next(), 'refused');
    assert.equal(await words(folder, 'd1'), 'Shorten the intro to two sentences');
  });
});
