// Which port the MCP server takes: the setting's; when another program holds it, the port used
// last time it was held (so an agent set up then still reaches it); else any free one, and the
// writer is told the new address once.

/** The port used instead of the setting's, the last time that one was taken. */
export interface PortMemo {
  wanted: number;
  used: number;
}

interface Listening {
  port: number;
  /** The port asked for was taken, so this one was free. */
  wantedPortTaken: boolean;
  close(): Promise<void>;
}

export interface PortChoice<S> {
  server: S;
  /** What to remember for the next start, when the setting's port was taken. */
  memo?: PortMemo;
  /** The address is new to the writer (not the setting's, nor the one used last time). */
  moved: boolean;
}

export async function chooseAddress<S extends Listening>(
  wanted: number,
  memo: PortMemo | undefined,
  listen: (port: number) => Promise<S>,
): Promise<PortChoice<S>> {
  let server = await listen(wanted);
  if (!server.wantedPortTaken) return { server, moved: false };
  if (memo?.wanted === wanted && memo.used !== wanted && memo.used !== server.port) {
    await server.close();
    server = await listen(memo.used);
    if (!server.wantedPortTaken) return { server, moved: false };
  } else if (memo?.wanted === wanted && memo.used === server.port) {
    return { server, moved: false };
  }
  return { server, memo: { wanted, used: server.port }, moved: true };
}
