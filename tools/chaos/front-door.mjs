// The chaos run's load balancer: one address for the simulator's webhooks and the integrators,
// spread over the API processes. A process that refuses the connection (killed, restarting) is
// skipped; a request cut off inside a process is answered 502, as a real balancer would, so the
// caller retries (Meta re-delivers, an integrator repeats its dedupe_key). Every answer is timed.
import http from 'node:http';

/**
 * `upstreams()`: the API processes' ports now. `onAnswer({ route, startedAt, ms, status })` for each
 * request, `route` being `enqueue`, `ack`, `reply` or `other`.
 */
export function startFrontDoor({ upstreams, onAnswer }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  let turn = 0;
  const server = http.createServer((req, res) => {
    const startedAt = Date.now();
    const t0 = performance.now();
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const ports = upstreams();
      const order = ports.map((_, i) => ports[(turn + i) % ports.length]);
      turn++;
      const answer = (status, headers, payload) => {
        if (res.headersSent) return;
        const { 'transfer-encoding': _te, connection: _c, 'keep-alive': _ka, ...kept } = headers;
        res.writeHead(status, { ...kept, 'content-length': payload.length });
        res.end(payload);
        onAnswer({ route: routeOf(req.method, req.url), startedAt, ms: performance.now() - t0, status });
      };
      const tryNext = (i) => {
        const port = order[i];
        if (port === undefined) return answer(502, { 'content-type': 'application/json' }, Buffer.from('{"error":"no_api_process"}'));
        const { connection: _c, 'keep-alive': _ka, ...headers } = req.headers;
        const out = http.request({ host: '127.0.0.1', port, method: req.method, path: req.url, headers, agent }, (upstream) => {
          const parts = [];
          upstream.on('data', (c) => parts.push(c));
          upstream.on('end', () => answer(upstream.statusCode ?? 502, upstream.headers, Buffer.concat(parts)));
          upstream.on('error', () => answer(502, { 'content-type': 'application/json' }, Buffer.from('{"error":"upstream_cut"}')));
        });
        // Refused: the request never reached that process, so another may take it.
        out.on('error', (error) =>
          error.code === 'ECONNREFUSED' ? tryNext(i + 1) : answer(502, { 'content-type': 'application/json' }, Buffer.from('{"error":"upstream_cut"}')),
        );
        out.end(body);
      };
      tryNext(0);
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise((done) => {
            agent.destroy();
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

export function routeOf(method, url) {
  const path = (url ?? '').split('?')[0];
  if (method === 'POST' && path === '/webhooks/whatsapp') return 'ack';
  if (method === 'POST' && path === '/v1/messages') return 'enqueue';
  if (method === 'POST' && /^\/v1\/conversations\/[^/]+\/replies$/.test(path)) return 'reply';
  return 'other';
}
