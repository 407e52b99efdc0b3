// The load generator of bench/webhooks.bench.mjs, in its own process: autocannon sharing the server's
// event loop would measure both of them at once. argv: url, connections, seconds, payloads file.
// Prints autocannon's result as JSON on stdout, with `latency_exact_ms`: p50 and p99 of the 2xx
// answers to 0.01 ms (autocannon's own histogram keeps whole milliseconds, too coarse to compare two
// servers' p99 of a few ms within 20 %).
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

const [url, connections, durationS, payloadsFile] = process.argv.slice(2);
const payloads = JSON.parse(readFileSync(payloadsFile, 'utf8'));
let i = 0;
const latencies = [];
const instance = autocannon(
  {
    url,
    method: 'POST',
    connections: Number(connections),
    duration: Number(durationS),
    requests: [
      {
        setupRequest: (req) => {
          const p = payloads[i++ % payloads.length];
          return { ...req, body: p.body, headers: { 'content-type': 'application/json', 'x-hub-signature-256': p.signature } };
        },
      },
    ],
  },
  (error, result) => {
    if (error) {
      console.error(error);
      process.exit(1);
    }
    const sorted = Float64Array.from(latencies).sort();
    const at = (p) => (sorted.length ? Math.round(sorted[Math.ceil((p / 100) * sorted.length) - 1] * 100) / 100 : null);
    process.stdout.write(JSON.stringify({ ...result, latency_exact_ms: { p50: at(50), p99: at(99), count: sorted.length } }));
  },
);
instance.on('response', (client, statusCode, bytes, ms) => {
  if (statusCode >= 200 && statusCode < 300) latencies.push(ms);
});
