// The inbox's HTTP server: Next.js behind one decision of ours, who the client is (see
// client-address.mjs), made before Next sees the request. Used by `npm run serve:inbox`,
// `npm start` (`--dev`), the tests and the benches, so every inbox is judged the same way.
//   node apps/inbox/server/serve.mjs [--dev] [--port 3000] [--hostname 127.0.0.1]
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import next from 'next';
import { clientAddress, normaliseAddress, parseTrustedProxies } from './client-address.mjs';

process.env.NEXT_TELEMETRY_DISABLED ??= '1';
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dev = args.includes('--dev');
const port = Number(option('--port', process.env.INBOX_PORT ?? '3000'));
const hostname = option('--hostname', undefined);
const trusted = parseTrustedProxies(process.env.INBOX_TRUSTED_PROXIES ?? '');

const app = next({ dev, dir, port, ...(hostname ? { hostname } : {}) });
const handle = app.getRequestHandler();
await app.prepare();

const server = http.createServer((req, res) => {
  req.headers['x-forwarded-for'] = clientAddress(req.socket.remoteAddress, req.headers['x-forwarded-for'], trusted);
  // Over https (here, or at a trusted proxy in front), the browser is told to stay on https.
  const https = req.socket.encrypted || (trusted(normaliseAddress(req.socket.remoteAddress ?? '')) && req.headers['x-forwarded-proto'] === 'https');
  if (https) res.setHeader('strict-transport-security', 'max-age=31536000; includeSubDomains');
  void handle(req, res);
});
// Dev mode's hot reload talks over a WebSocket: hand Next its upgrades.
if (dev) server.on('upgrade', app.getUpgradeHandler());
server.listen(port, hostname, () => console.log(`inbox on http://${hostname ?? 'localhost'}:${port}${dev ? ' (dev)' : ''}`));

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
    setTimeout(() => process.exit(0), 5_000).unref();
  });
}
