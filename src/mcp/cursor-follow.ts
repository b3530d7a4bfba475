// Which server Cursor's agent is given, and when: only by a window that may work for the machine
// (a trusted one: never from Restricted Mode), only at an address that proves it is Docs Agent's
// own server holding the token (the address comes from a shared folder any program can write),
// and always the latest (a check that ends late never registers an old address over a newer one).
// No vscode import: the rules are unit tested with a real server and an impostor.
import type { McpAddress } from './mcp-service';

export interface CursorFollowDeps {
  /** The address the serving window published, if any. */
  address(): McpAddress | undefined;
  token(): Promise<string>;
  /** In Cursor, in a window that may send the key (trusted). */
  mayRegister(): boolean;
  /** Whether `address` is Docs Agent's own server holding `token` (server-proof.ts). */
  verify(address: McpAddress, token: string): Promise<boolean>;
  /** Cursor's registration; undefined where there is none. */
  register(url: string, token: string): { dispose(): void } | undefined;
  log(line: string): void;
}

export class CursorFollower {
  private registered: { dispose(): void } | undefined;
  /** Counts follows: only the latest may register. */
  private generation = 0;

  constructor(private readonly deps: CursorFollowDeps) {}

  /** Whether Cursor's agent holds the server now (what the setup page tells the writer). */
  get given(): boolean {
    return this.registered !== undefined;
  }

  /** Unregisters, then registers the address of the moment once it proves itself. */
  async follow(): Promise<void> {
    const generation = ++this.generation;
    this.unregister();
    const address = this.deps.address();
    if (!address || !this.deps.mayRegister()) return;
    let token: string;
    let ours: boolean;
    try {
      token = await this.deps.token();
      ours = await this.deps.verify(address, token);
    } catch (error) {
      this.deps.log(`Cursor was not given the server: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    if (generation !== this.generation) return;
    if (!ours) {
      this.deps.log(`Cursor was not given ${address.url}: it did not prove to be Docs Agent's server.`);
      return;
    }
    this.registered = this.deps.register(address.url, token);
  }

  dispose(): void {
    this.generation++;
    this.unregister();
  }

  private unregister(): void {
    this.registered?.dispose();
    this.registered = undefined;
  }
}
