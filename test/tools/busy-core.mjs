#!/usr/bin/env node
// Keeps one core busy until it is stopped: `npm test -- --beside-load` runs it beside the
// whole run, to prove the suites wait on what a writer sees, not on an idle machine's pace.
// Plain arithmetic in a loop, no allocation, so it takes CPU and nothing else.
let sink = 0;
for (;;) {
  for (let i = 0; i < 1e7; i++) sink = (sink + i * 7) % 1_000_003;
}
