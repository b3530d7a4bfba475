// Composition root: builds the services once and registers everything; no logic of its own.
import * as vscode from 'vscode';
import { createVisitorsFeature } from './visitors/visitors-feature';
import { createReadersFeature } from './readers/readers-feature';
import { createSignalReads } from './readers/signals-feature';
import { registerComposeCommands } from './commands/compose-holder';
import { registerVisitorsCommands } from './commands/visitors-commands';
import { registerChatTools } from './chat/chat-tools';
import { createMcpFeature } from './mcp/mcp-feature';
import type { ToolDeps } from './tools/tool-set';
import { registerLaterCommands, registerPagesCommands } from './commands/later-commands';
import { createPreviewsFeature } from './previews/previews-feature';
import { ReviewStore, reviewedJobsOf } from './review/review-store';
import { createReviewComments } from './commands/review-holder';
import { useWorkspaceBaseUrls } from './editor/config';
import { createJobsFeature } from './jobs/jobs-feature';
import type { JobTreeProvider } from './jobs/job-tree';
import type { PageBadges } from './readers/page-badges';
import type { SiteReaders } from './readers/site-readers';
import type { PagesView } from './readers/pages-view';
import type { DocsSites } from './readers/docs-sites';
import type { PreviewStore } from './previews/preview-store';
import { Claims } from './platform/machine/claims';
import { logSkippedFilesTo } from './platform/machine/skip-log';
import { ApiKeyStore } from './editor/api-key-store';
import { BaseUrlGuard } from './editor/base-url-guard';
import { ClientProvider } from './editor/client-provider';
import { keepUserSettingsMoved } from './editor/settings-migration';
import { openWalkthroughOnce } from './editor/walkthrough';
import { commandIds } from './platform/manifest-ids';
import { storagePaths } from './platform/storage-layout';
import { settledOrAfter, StartupTimes } from './platform/startup-times';
import { useLanguage } from './platform/words';

/** What other extensions (and the host test suites) can read. */
export interface DocsAgentApi {
  jobsTree: Pick<JobTreeProvider, 'getChildren' | 'getTreeItem' | 'onDidChangeTreeData'>;
  /** The Explorer badges of docs pages, and the readers they are made of. */
  pageBadges: Pick<PageBadges, 'provideFileDecoration'>;
  siteReaders: Pick<SiteReaders, 'refresh' | 'onDidChange' | 'all'>;
  pages: Pick<PagesView, 'getChildren' | 'getTreeItem'>;
  /** The docs sites of the open folders, and when they are to be read again. */
  docsSites: Pick<DocsSites, 'sites' | 'onDidChange'>;
  /** The preview deployments this machine follows. */
  previews: Pick<PreviewStore, 'all' | 'onDidChange'>;
}

/** Work that must finish before the window goes: letting another window take over polling. */
let releaseMachine: (() => Promise<void>) | undefined;

/** When this file's code (and all it requires at once) had loaded: the editor calls activate() later. */
const codeLoadedAt = performance.now();

export async function activate(context: vscode.ExtensionContext): Promise<DocsAgentApi> {
  const started = performance.now();
  useLanguage(vscode.env.language, vscode.l10n.bundle); // first: every later sentence is in the writer's language
  const version = String((context.extension.packageJSON as { version?: unknown }).version);
  const log = vscode.window.createOutputChannel('Docs Agent', { log: true });
  const startup = new StartupTimes(started, (line) => log.info(line), { loaded: codeLoadedAt });
  context.subscriptions.push(logSkippedFilesTo((line) => log.warn(line))); // before any store reads the shared folder
  const keys = new ApiKeyStore(context.secrets);
  const storage = storagePaths(context.globalStorageUri.fsPath);
  const guard = new BaseUrlGuard(new Claims(storage.warnings), log);
  // Before any feature reads a scope: a workspace's base URL counts only for a host the user confirmed.
  const workspaceBaseUrls = useWorkspaceBaseUrls(guard);
  const clients = new ClientProvider(keys, `mintlify-docs-agent/${version} (VS Code ${vscode.version})`, guard);
  // Before the jobs: a job the writer sent a review leads its finish with what changed since.
  const reviews = new ReviewStore(storage.reviews);
  const jobs = createJobsFeature(context.globalState, storage, { keys, clients, log }, { reviewed: reviewedJobsOf(reviews), startup });
  context.subscriptions.push(log, startup, guard, workspaceBaseUrls, keys, clients, reviews, jobs);
  // The Agent Jobs view's registration leaves for the workbench, and the job files are read, before
  // the rest is built: the view's first answer does not wait behind it (measured: half the time).
  await settledOrAfter(jobs.firstRead, 100);
  const visitors = createVisitorsFeature(context, storage, { keys, clients, log });
  const { signals, votes } = createSignalReads(storage, visitors, clients);
  const readers = createReadersFeature(
    { service: visitors.service, signals, votes, ledger: visitors.ledger, log, panel: visitors.controller },
    visitors.reportsChanged,
  );
  const previews = createPreviewsFeature(storage, { keys, clients, log }, jobs);
  const deps = { tracker: jobs.tracker, keys, clients, log };
  const review = createReviewComments(deps, reviews);
  const compose = registerComposeCommands(deps, storage, review.afterFollowUp);
  const tools: ToolDeps = {
    jobs: { tracker: jobs.tracker, uses: jobs.uses, keys, log },
    readers: { service: visitors.service, signals, ledger: visitors.ledger, readers: readers.readers, keys },
    previews: { tracker: jobs.tracker, previews, log },
  };
  const mcp = createMcpFeature(context, storage.lease, tools, log, version, startup.settled);
  releaseMachine = () => Promise.all([jobs.release(), compose.release(), mcp.release()]).then(() => undefined);

  context.subscriptions.push(
    keepUserSettingsMoved(log),
    vscode.commands.registerCommand(commandIds.showLog, () => log.show()),
    ...compose.disposables,
    ...review.disposables,
    previews,
    ...registerLaterCommands(deps, review.shown, previews, visitors.controller, mcp),
    visitors,
    readers,
    ...registerVisitorsCommands(visitors.controller),
    ...registerPagesCommands(readers),
    ...registerChatTools(tools.jobs, tools.readers, tools.previews),
    mcp,
  );
  void openWalkthroughOnce(context.extension.id, context.globalState, keys);
  log.info(`Docs Agent ${version} is active (activation took ${(performance.now() - started).toFixed(1)} ms).`);
  startup.mark('activated');
  return apiOf(jobs, readers, previews);
}

/** What the tests read of a running extension. */
function apiOf(
  jobs: ReturnType<typeof createJobsFeature>,
  readers: ReturnType<typeof createReadersFeature>,
  previews: ReturnType<typeof createPreviewsFeature>,
): DocsAgentApi {
  return {
    jobsTree: jobs.provider,
    pageBadges: readers.badges,
    siteReaders: readers.readers,
    pages: readers.pages,
    docsSites: readers.sites,
    previews: previews.store,
  };
}

export function deactivate(): Promise<void> | undefined {
  // Everything else is disposed through context.subscriptions.
  return releaseMachine?.();
}
