// Valid, signed webhook POSTs at a steady rate, each ack's latency kept: what Meta sends, for the
// benches that ask what something else does to it. bench/unsigned-flood.bench.mjs calls
// `steadyWebhooks` in its own process; bench/campaign-upload.bench.mjs runs this file as a child
// (startChild), so that an API event loop stalled in this process's neighbour delays the acks and
// not the sending: `start` sends until `stop`, which answers every ack.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { signBody } from '@sendbook/whatsapp';

/** Now, in ms since the epoch at sub-millisecond resolution: comparable between processes. */
export const wallNow = () => performance.timeOrigin + performance.now();

/**
 * Signed status-less envelopes at `rate` per second on up to `sockets` keep-alive connections, for
 * `seconds` or until `stopped()` says so; the next is sent on time whether or not the last was
 * answered (one that finds every connection busy waits for one, and that wait is in its time).
 * Each ack: when it was sent (`wallNow`), how long until the answer, its status (0: no answer,
 * with the socket's error and whether it was a kept-alive socket's second request or later).
 * `secrets`: the app secret that signs and the WABA and number the envelopes name.
 */
export async function steadyWebhooks(url, { rate, seconds = Infinity, stopped = () => false, secrets, sockets = 4 }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  const acks = [];
  const total = Math.round(rate * seconds);
  const started = performance.now();
  const inFlight = [];
  for (let i = 0; i < total && !stopped(); i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const body = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: secrets.businessAccountId,
          changes: [
            {
              field: 'messages',
              value: { messaging_product: 'whatsapp', metadata: { display_phone_number: '15550783881', phone_number_id: secrets.phoneNumberId }, statuses: [] },
            },
          ],
        },
      ],
      n: i,
      r: randomBytes(4).toString('hex'),
    });
    const at = wallNow();
    inFlight.push(
      post(url, agent, body, { 'x-hub-signature-256': signBody(Buffer.from(body), secrets.appSecret) }).then((answer) => acks.push({ at, ...answer })),
    );
  }
  await Promise.all(inFlight);
  agent.destroy();
  return acks;
}

function post(url, agent, body, headers) {
  return new Promise((resolve) => {
    const started = performance.now();
    const req = http.request(
      `${url}/webhooks/whatsapp`,
      { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers } },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode, ms: performance.now() - started }));
      },
    );
    // No answer: why (ECONNRESET, socket hang up) and whether the socket had served a request before.
    req.on('error', (error) => resolve({ status: 0, ms: performance.now() - started, error: error.code ?? error.message, reused: req.reusedSocket }));
    req.end(body);
  });
}

/** Latency percentiles of the acks answered 200, and how many were not (by status, or the socket's error). */
export function ackSummary(acks) {
  const values = acks.filter((a) => a.status === 200).map((a) => a.ms);
  const not200 = {};
  for (const a of acks.filter((x) => x.status !== 200)) {
    const why = a.status === 0 ? `${a.error}${a.reused ? ' (kept-alive socket)' : ''}` : String(a.status);
    not200[why] = (not200[why] ?? 0) + 1;
  }
  return {
    acks: values.length,
    not_200: acks.length - values.length,
    not_200_by_cause: not200,
    p50_ms: percentile(values, 50),
    p95_ms: percentile(values, 95),
    p99_ms: percentile(values, 99),
    max_ms: values.length ? Math.round(values.reduce((a, b) => Math.max(a, b)) * 10) / 10 : null,
  };
}

function percentile(values, p) {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.ceil((p / 100) * sorted.length) - 1] * 10) / 10;
}

// As a child process: `{ type: 'start', url, rate, secrets, sockets }`, then `{ type: 'stop' }` answers the acks.
if (process.argv[1] === fileURLToPath(import.meta.url) && process.send) {
  let stop = false;
  let sending = Promise.resolve([]);
  process.on('message', async (msg) => {
    if (msg?.type === 'start') {
      stop = false;
      sending = steadyWebhooks(msg.url, { rate: msg.rate, stopped: () => stop, secrets: msg.secrets, sockets: msg.sockets });
      process.send({ id: msg.id, value: true });
    } else if (msg?.type === 'stop') {
      stop = true;
      process.send({ id: msg.id, value: await sending });
    }
  });
  process.send({ type: 'ready' });
}
