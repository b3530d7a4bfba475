// A window's start: the Agent Jobs view opens on the jobs read from disk (never on an empty list
// first), hears of no change before it has anything drawn, and the start is logged in parts.
import * as assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import { answeringOnceRead } from '../../src/jobs/first-answer';
import { Emitter } from '../../src/platform/emitter';
import { settledOrAfter, StartupTimes } from '../../src/platform/startup-times';

function storeAndView() {
  let jobs: string[] = [];
  const changed = new Emitter<void>();
  let finishRead: () => void = () => undefined;
  const read = new Promise<void>((resolve) => (finishRead = resolve));
  let answers = 0;
  let asks = 0;
  const provider = {
    onDidChangeTreeData: changed.event as vscode.Event<void>,
    getTreeItem: (item: string) => ({ label: item }),
    getChildren: (item?: string) => (item ? [] : jobs),
  };
  const view = answeringOnceRead(provider, read, { asked: () => (asks += 1), answered: () => (answers += 1) });
  const redraws: number[] = [];
  view.onDidChangeTreeData?.(() => redraws.push(answers));
  return {
    view,
    redraws,
    answers: () => answers,
    asks: () => asks,
    read: (stored: string[]) => {
      jobs = stored;
      finishRead();
    },
    change: () => changed.fire(),
  };
}

describe('a window opening on its tracked jobs', () => {
  it('answers the view with the jobs read from disk, not with an empty list before them', async () => {
    const window = storeAndView();
    const first = window.view.getChildren();
    assert.ok(first instanceof Promise, 'the first answer waits for the jobs');
    assert.deepEqual([window.asks(), window.answers()], [1, 0], 'the request is noted when it comes, the answer when it goes');
    window.read(['Fix the quickstart', 'Add a FAQ']);
    assert.deepEqual(await first, ['Fix the quickstart', 'Add a FAQ']);
    assert.deepEqual(window.view.getChildren(), ['Fix the quickstart', 'Add a FAQ'], 'later answers come at once');
    assert.equal(window.answers(), 2);
  });

  it('tells the view of changes only once it has drawn something', async () => {
    const window = storeAndView();
    window.change();
    window.read(['Fix the quickstart']);
    window.change();
    assert.deepEqual(window.redraws, [], 'nothing drawn yet: no redraw asked');
    await window.view.getChildren();
    window.change();
    assert.deepEqual(window.redraws, [1]);
  });

  it('still answers when the jobs could not be read (an empty list, not an endless wait)', async () => {
    const changed = new Emitter<void>();
    const view = answeringOnceRead(
      { onDidChangeTreeData: changed.event as vscode.Event<void>, getTreeItem: (item: string) => ({ label: item }), getChildren: () => [] },
      Promise.reject(new Error('disk gone')),
      { asked: () => undefined, answered: () => undefined },
    );
    assert.deepEqual(await view.getChildren(), []);
  });
});

describe('the start-up line in the log', () => {
  const startLine =
    /^Start-up, from activation's start \(\d{4}-\d\d-\d\dT[\d:.]+Z; code loaded [\d.]+ ms before\): Agent Jobs view registered [\d.]+ ms, jobs read [\d.]+ ms, asked for its rows [\d.]+ ms, first Agent Jobs answer [\d.]+ ms, activated [\d.]+ ms\.$/;

  it('splits the start into the view registered, jobs read, rows asked, the first answer and activation, and settles work that waited', async () => {
    const lines: string[] = [];
    const times = new StartupTimes(performance.now(), (line) => lines.push(line));
    let settled = false;
    void times.settled.then(() => (settled = true));
    times.mark('viewRegistered');
    times.mark('jobsRead');
    times.mark('activated');
    times.mark('viewAsked');
    assert.deepEqual(lines, [], 'written at the first answer');
    times.mark('firstAnswer');
    times.mark('firstAnswer');
    await times.settled;
    assert.ok(settled);
    assert.equal(lines.length, 1, 'one line per window');
    assert.match(lines[0] ?? '', startLine);
    times.dispose();
  });

  it('lets waiting work start at the first answer, and writes the line once the activation that went on meanwhile is done', async () => {
    const lines: string[] = [];
    const times = new StartupTimes(performance.now(), (line) => lines.push(line));
    for (const step of ['viewRegistered', 'jobsRead', 'viewAsked', 'firstAnswer'] as const) times.mark(step);
    await times.settled;
    assert.deepEqual(lines, [], 'activation still going on: nothing to write yet');
    times.mark('activated');
    times.mark('activated');
    assert.equal(lines.length, 1);
    assert.match(lines[0] ?? '', startLine);
    times.dispose();
  });

  it('lets waiting work start when the view is not on screen to be answered', async () => {
    const times = new StartupTimes(performance.now(), () => undefined, { settleWithoutViewMs: 1 });
    times.mark('activated');
    await times.settled;
    times.dispose();
  });
});

describe('the rest of activation, after the jobs are read', () => {
  it('goes on once the jobs are read, or could not be, and never waits for ever on a slow disk', async () => {
    const order: string[] = [];
    await settledOrAfter(
      Promise.resolve().then(() => order.push('read')),
      60_000,
    ).then(() => order.push('rest'));
    assert.deepEqual(order, ['read', 'rest']);
    await settledOrAfter(Promise.reject(new Error('disk gone')), 60_000);
    await settledOrAfter(new Promise(() => undefined), 1);
  });
});
