// temporary probe, to be deleted
import { Workbench } from '../support/workbench';
async function main(): Promise<void> {
  const wb = await Workbench.open({ withKey: true });
  try {
    await wb.openFile('docs/quickstart.mdx');
    await wb.control.clearRequests();
    const t0 = { v: 0 };
    wb.page.on('request', (r) => { if (t0.v) console.log(Date.now() - t0.v, 'req', r.url().slice(0, 140)); });
    wb.page.on('requestfinished', (r) => { if (t0.v && /visitors|webview|index\.html|service-worker/.test(r.url())) console.log(Date.now() - t0.v, 'fin', r.url().slice(0, 140)); });
    await wb.runCommand('Docs Agent: Show Visitors for This Page');
    t0.v = Date.now();
    const panel = wb.webview();
    const seen = new Set<string>();
    for (let i = 0; i < 80; i++) {
      for (const sel of ['body', '.project', '.totals .figure-value', '.bar-row', '.bar-row.current', '.status']) {
        if (seen.has(sel)) continue;
        if (await panel.locator(sel).count().catch(() => 0)) { seen.add(sel); console.log(Date.now() - t0.v, 'seen', sel); }
      }
      if (seen.has('.bar-row.current')) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const reqs = await wb.control.requests();
    for (const r of reqs) console.log(Date.parse(r.time) - t0.v, 'emu', r.path);
  } finally { await wb.close(); }
  process.exit(0);
}
void main();
