// Reads the workbench's web configuration that code-server embeds in its page.

export interface WorkbenchWebConfig {
  remoteAuthority?: string;
  developmentOptions?: { enableSmokeTestDriver?: boolean };
}

const entities: Record<string, string> = { '&quot;': '"', '&amp;': '&', '&lt;': '<', '&gt;': '>', '&#39;': "'", '&#x27;': "'" };

export async function readWorkbenchConfig(pageUrl: string): Promise<WorkbenchWebConfig> {
  const html = await (await fetch(pageUrl)).text();
  const tag = /<meta[^>]*id="vscode-workbench-web-configuration"[^>]*>/.exec(html)?.[0];
  const raw = tag && /data-settings="([^"]*)"/.exec(tag)?.[1];
  if (!raw) throw new Error(`${pageUrl} has no workbench configuration; is this code-server?`);
  return JSON.parse(raw.replace(/&(quot|amp|lt|gt|#39|#x27);/g, (m) => entities[m] ?? m)) as WorkbenchWebConfig;
}
