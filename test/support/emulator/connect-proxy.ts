// A minimal forward proxy on loopback (HTTP CONNECT tunnels), to prove the client uses a proxy.
import * as http from 'node:http';
import * as net from 'node:net';

export interface TestProxy {
  url: string;
  /** host:port of every tunnel asked for, in order. */
  tunnels: string[];
  close(): Promise<void>;
}

export async function startConnectProxy(): Promise<TestProxy> {
  const tunnels: string[] = [];
  const sockets = new Set<net.Socket>();
  const server = http.createServer((_req, res) => {
    res.writeHead(405).end();
  });
  server.on('connect', (req: http.IncomingMessage, client: net.Socket) => {
    const target = req.url ?? '';
    tunnels.push(target);
    const [host, port] = target.split(':');
    const upstream = net.connect(Number(port), host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.pipe(client);
      client.pipe(upstream);
    });
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => socket.destroy());
      socket.on('close', () => sockets.delete(socket));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    tunnels,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
