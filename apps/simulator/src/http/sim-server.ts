import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RunningServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** A plain node:http server; `close()` also drops keep-alive and in-flight sockets. */
export function startServer(handler: (req: IncomingMessage, res: ServerResponse) => void, host: string, port: number): Promise<RunningServer> {
  const server = http.createServer(handler);
  // Graph answers slowly at times; never let Node's defaults cut a deliberately slow answer.
  server.requestTimeout = 0;
  // Idle connections outlive the Graph client's (4 s), as Meta's edge does: with Node's 5 s, a
  // worker whose event loop ran late sent on a connection the simulator had just closed, and a
  // send that never arrived became an unknown outcome (stuck in `sending`).
  server.keepAliveTimeout = 65_000;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address = server.address() as AddressInfo;
      const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
      resolve({
        url: `http://${shownHost}:${address.port}`,
        port: address.port,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
