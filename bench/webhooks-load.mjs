// The load generator of bench/webhooks.bench.mjs, in its own process: autocannon sharing the server's
// event loop would measure both of them at once. argv: url, connections, seconds, payloads file.
// Prints autocannon's result as JSON on stdout.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

const [url, connections, durationS, payloadsFile] = process.argv.slice(2);
const payloads = JSON.parse(readFileSync(payloadsFile, 'utf8'));
let i = 0;
autocannon(
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
    process.stdout.write(JSON.stringify(result));
  },
);
