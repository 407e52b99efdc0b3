import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A TCP proxy in front of a server, to cut the network between two of our processes for real:
 * `cut()` drops every open connection and refuses new ones until `restore()`. Used between the
 * inbox and the API, so the browser's live stream breaks the way a flaky network breaks it.
 */
export interface TcpProxy {
  readonly url: string;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: string): Promise<TcpProxy> {
  const { hostname, port } = new URL(target);
  const sockets = new Set<Socket>();
  let refusing = false;
  const server: Server = createServer((client) => {
    if (refusing) {
      client.destroy();
      return;
    }
    const upstream = connect(Number(port), hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    cut: () => {
      refusing = true;
      for (const socket of sockets) socket.destroy();
    },
    restore: () => {
      refusing = false;
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
