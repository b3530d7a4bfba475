// Docs Agent's tools for every other AI agent: the machine's one MCP server (mcp-service.ts), its
// token, the setup page, and Cursor's registration, which follows the address and token wherever
// the server moves. Nothing here loads the server's code until a window starts serving.
import * as vscode from 'vscode';
import * as l10n from '@vscode/l10n';
import { mcpSettings } from '../editor/config';
import { mayWorkForMachine, onDidAllowMachineWork } from '../editor/machine-duties';
import { McpTokenStore } from '../editor/mcp-token-store';
import { showWarning } from '../editor/say';
import { commandIds, settingId, settingNames } from '../platform/manifest-ids';
import type { ToolDeps } from '../tools/tool-set';
import { loadOnce } from '../platform/load-once';
import { askInEditor } from './consent-dialog';
import { CursorFollower } from './cursor-follow';
import { registerWithCursor } from './cursor-registration';
import { McpService, type McpServiceDeps } from './mcp-service';
import type { PortMemo } from './port-choice';
import { SetupDocument, setupScheme } from './setup-document';
import type { SetupState } from './setup-page';
import { isOwnServer } from './server-proof';

const portMemoKey = 'docsAgent.mcp.portInUse';

export interface McpFeature extends vscode.Disposable {
  tokens: McpTokenStore;
  service: McpService;
  setup: SetupDocument;
  /** What the setup page shows now. */
  setupState(): Promise<SetupState>;
  /** Lets another window take over at once (the window is closing). */
  release(): Promise<void>;
}

function portMoved(wanted: number, used: number): void {
  const show = l10n.t('Show the Setup');
  void showWarning(
    l10n.t(
      'Another program uses port {0}, so Docs Agent’s tools for other AI agents are on port {1}. Agents set up with the old address need the new one.',
      wanted,
      used,
    ),
    show,
  ).then((chosen) => chosen === show && vscode.commands.executeCommand(commandIds.connectMcpAgent));
}

function inCursor(): boolean {
  return (vscode as unknown as { cursor?: unknown }).cursor !== undefined;
}

/**
 * In Cursor, its agent is given the server wherever it serves, with the token of the moment: by a
 * trusted window only, and only once the address proves to be Docs Agent's own server.
 */
function cursorRegistration(service: McpService, tokens: McpTokenStore, log: vscode.LogOutputChannel): CursorFollower {
  return new CursorFollower({
    address: () => service.address,
    token: () => tokens.get(),
    mayRegister: () => inCursor() && mayWorkForMachine(),
    verify: isOwnServer,
    register: (url, token) => registerWithCursor(vscode, url, token),
    log: (line) => log.warn(line),
  });
}

/**
 * The machine's one server, served from this window once its start is done: the server is half a
 * megabyte of code, loaded after the window's first rows, not in their way.
 */
function serviceAfterStart(
  globalState: vscode.Memento,
  deps: Pick<McpServiceDeps, 'leaseFolder' | 'tokens' | 'version' | 'log'>,
  toolDeps: ToolDeps,
  windowStarted: Promise<void>,
): McpService {
  let started = false;
  // The tools' code loads with the server, never at activation.
  const tools = loadOnce(async () => Object.values((await import('../tools/tool-set')).toolDefinitions(toolDeps)));
  const service = new McpService({
    ...deps,
    tools,
    ask: askInEditor,
    settings: mcpSettings,
    mayServe: () => started && mayWorkForMachine(),
    portMemo: { get: () => globalState.get<PortMemo>(portMemoKey), set: (memo) => globalState.update(portMemoKey, memo) },
    portMoved,
  });
  void windowStarted.then(() => {
    started = true;
    return service.reconsider(false);
  });
  return service;
}

export function createMcpFeature(
  { globalState, secrets }: Pick<vscode.ExtensionContext, 'globalState' | 'secrets'>,
  leaseFolder: string,
  toolDeps: ToolDeps,
  log: vscode.LogOutputChannel,
  version: string,
  /** Settles once the window's first rows are answered. */
  windowStarted: Promise<void> = Promise.resolve(),
): McpFeature {
  const tokens = new McpTokenStore(secrets);
  const service = serviceAfterStart(globalState, { leaseFolder, tokens, version, log }, toolDeps, windowStarted);
  const setupState = async (): Promise<SetupState> => {
    const { enabled } = mcpSettings();
    const notServing = !enabled ? 'off' : !mayWorkForMachine() ? 'restricted' : 'starting';
    return { address: enabled ? service.address : undefined, token: await tokens.get(), notServing, inCursor: cursor.given };
  };
  const setup = new SetupDocument(setupState);
  const cursor = cursorRegistration(service, tokens, log);
  // The page says whether Cursor was given the server: drawn again once that is settled.
  const changed = (): void => {
    setup.refresh();
    void cursor.follow().then(() => setup.refresh());
  };
  const port = settingId(settingNames.mcpPort);
  const parts = vscode.Disposable.from(
    tokens,
    setup,
    vscode.workspace.registerTextDocumentContentProvider(setupScheme, setup),
    service.onDidChangeAddress(changed),
    tokens.onDidChange(changed),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration(settingId(settingNames.mcpEnabled)) || event.affectsConfiguration(port))
        void service.reconsider(event.affectsConfiguration(port)).then(() => setup.refresh());
    }),
    onDidAllowMachineWork(() => {
      void service.reconsider(false);
      void cursor.follow().then(() => setup.refresh());
    }),
  );
  return {
    tokens,
    service,
    setup,
    setupState,
    release: () => service.dispose(),
    dispose: () => {
      cursor.dispose();
      parts.dispose();
      void service.dispose();
    },
  };
}
