// An order system talking to Sendbook with @sendbook/client: it registers where events should go,
// enqueues an order's "shipped" message under a dedupe key, enqueues it again (as a retry or a
// second worker would: deduplicated, nothing sent twice), schedules a review reminder and cancels
// it by its key, lists the order's messages, and receives the signed events on a small HTTP
// server, verifying each signature and refusing a forged one.
//
//   npm start                                   # prints the API URL and an API key
//   SENDBOOK_API_KEY=sk_dev_… node libs/client/examples/order-system.mjs
//
// Environment: SENDBOOK_URL (default http://localhost:3001), SENDBOOK_API_KEY (required; an admin
// key, as npm start's is, since registering an event endpoint is an admin's business),
// SENDBOOK_TO (the customer, default +972501234567), ORDER_ID (default: made up), EVENTS_HOST and
// EVENTS_PORT (where this process listens; default 127.0.0.1 and any free port), EVENTS_URL (the
// URL Sendbook should POST to, when it is not http://EVENTS_HOST:port), EVENTS_WAIT_MS (how long to
// wait for the delivery to be reported; default 60000).
//
// Sendbook refuses event endpoints on loopback and private addresses unless it runs with
// EVENT_ENDPOINTS_ALLOW_PRIVATE=true (`npm start` sets it: the demo runs on your machine; a
// production `npm run serve` does not); refused, this example says so and goes on without events.
// test/client/example.e2e.ts runs it against a started Sendbook.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { EventVerifier, SendbookClient, SendbookError, WebhookVerificationError } from '@sendbook/client';

const env = process.env;
if (!env.SENDBOOK_API_KEY) {
  console.error('Set SENDBOOK_API_KEY to an API key (npm start prints one).');
  process.exit(2);
}
const baseUrl = env.SENDBOOK_URL ?? 'http://localhost:3001';
const to = env.SENDBOOK_TO ?? '+972501234567';
const order = env.ORDER_ID ?? String(Date.now()).slice(-6);
const digits = to.replace(/\D/g, '');
const waitMs = Number(env.EVENTS_WAIT_MS ?? 60_000);

const sendbook = new SendbookClient({
  baseUrl,
  apiKey: env.SENDBOOK_API_KEY,
  onRetry: ({ operation, attempt, delayMs, error }) =>
    console.log(`retry       ${operation} attempt ${attempt} failed (${error.code}); again in ${delayMs} ms`),
});
console.log(`sendbook    ${baseUrl}, order ${order}, customer ${to}`);

await main().catch((error) => {
  // Sendbook unreachable, a wrong key, a refused request: say which, and fail.
  console.error(
    error instanceof SendbookError ? `failed      ${error.operation}: ${error.message} (${error.code}${error.status ? `, HTTP ${error.status}` : ''})` : error,
  );
  process.exit(1);
});

async function main() {
  // 1. Somewhere to receive events, and the endpoint registered with Sendbook.
  const receiver = await startReceiver();
  const shipped = `order-${order}:shipped:${digits}`;
  const reminder = `order-${order}:review-reminder:${digits}`;

  // 2. The shipped message, keyed by the business event.
  const message = {
    dedupe_key: shipped,
    to,
    purpose: 'order_shipped',
    trigger_ref: `orders/${order}`,
    payload: {
      type: 'template',
      template: {
        name: 'order_shipped',
        language: { code: 'en' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Ada' },
              { type: 'text', text: order },
              { type: 'text', text: 'Friday' },
            ],
          },
        ],
      },
    },
  };
  const first = await sendbook.messages.enqueue(message);
  console.log(`enqueued    ${shipped} → message ${first.message.id} (${first.deduplicated ? 'deduplicated' : 'new'}, ${first.message.state})`);

  // 3. The same business event again: a retry, a second worker, a replayed queue. Same row, no second send.
  const again = await sendbook.messages.enqueue(message);
  console.log(
    `again       ${shipped} → message ${again.message.id} (${again.deduplicated ? 'deduplicated' : 'new'}${again.message.id === first.message.id ? ', the same row: nothing is sent twice' : ''})`,
  );

  // 4. A reminder for tomorrow that expires the day after, then cancelled by its key (the order was returned).
  const tomorrow = new Date(Date.now() + 24 * 3600_000);
  const scheduled = await sendbook.messages.enqueue({
    ...message,
    dedupe_key: reminder,
    purpose: 'review_reminder',
    not_before: tomorrow.toISOString(),
    expires_at: new Date(tomorrow.getTime() + 24 * 3600_000).toISOString(),
  });
  console.log(
    `enqueued    ${reminder} → message ${scheduled.message.id} (${scheduled.deduplicated ? 'deduplicated' : 'new'}, ${scheduled.message.state} until ${scheduled.message.not_before})`,
  );
  try {
    const cancelled = await sendbook.messages.cancelByDedupeKey(reminder);
    console.log(`cancelled   ${reminder} → ${cancelled.state}`);
  } catch (error) {
    // Too late: it is on its way (`sending` or further), and nothing is un-sent.
    if (error instanceof SendbookError && error.code === 'not_cancellable') console.log(`cancelled   ${reminder} → too late, ${error.resource?.state}`);
    else throw error;
  }

  // 5. What the order has, by its trigger_ref.
  const listed = [];
  for await (const m of sendbook.messages.listAll({ trigger_ref: `orders/${order}` })) listed.push(`${m.dedupe_key} ${m.state}`);
  console.log(`listed      orders/${order}: ${listed.length} messages: ${listed.join(', ')}`);

  // 6. Events: wait for Meta's delivery report of the shipped message, then refuse a forged event.
  if (receiver) {
    const delivered = await receiver.waitFor(
      (e) => e.type === 'message.state_changed' && e.data.message.id === first.message.id && ['delivered', 'read'].includes(e.data.message.state),
      waitMs,
    );
    if (!delivered) console.log(`events      no delivery report within ${waitMs} ms`);
    const forged = await fetch(receiver.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'webhook-id': randomUUID(),
        'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
        'webhook-signature': 'v1,Zm9yZ2Vk',
      },
      body: JSON.stringify({ id: randomUUID(), type: 'message.state_changed', created_at: new Date().toISOString(), data: { message: first.message } }),
    });
    console.log(`forged      an event with a made-up signature was answered ${forged.status} ${await forged.text()}`);
    await receiver.close();
  }
  console.log(`done        ${receiver?.verified ?? 0} events verified`);
}

/** The order system's event endpoint: an HTTP server, registered with Sendbook; null when Sendbook refuses the address. */
async function startReceiver() {
  let verifier = null;
  const seen = new Set();
  const events = [];
  const waiters = [];
  const state = { verified: 0 };
  const server = createServer(async (req, res) => {
    // The raw bytes: a body parsed and serialised again is not the body that was signed.
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    let event;
    try {
      if (!verifier) throw new WebhookVerificationError('invalid_signature', 'not registered yet');
      event = verifier.verify(Buffer.concat(chunks), req.headers);
    } catch (error) {
      if (!(error instanceof WebhookVerificationError)) throw error;
      res.writeHead(401, { 'content-type': 'text/plain' }).end(error.code);
      return;
    }
    res.writeHead(204).end(); // any 2xx; Sendbook retries anything else
    if (seen.has(event.id)) return; // at least once: the same id again is a retry
    seen.add(event.id);
    state.verified++;
    if (event.type === 'message.state_changed' && event.data.message.trigger_ref === `orders/${order}`) {
      const m = event.data.message;
      console.log(`event       ${event.type} ${m.dedupe_key}: ${event.data.previous_state ?? 'new'} → ${m.state} (signature verified)`);
    }
    events.push(event);
    for (const waiter of [...waiters]) if (waiter.match(event)) waiter.resolve(event);
  });
  await new Promise((resolve) => server.listen(Number(env.EVENTS_PORT ?? 0), env.EVENTS_HOST ?? '127.0.0.1', resolve));
  const url = env.EVENTS_URL ?? `http://${env.EVENTS_HOST ?? '127.0.0.1'}:${server.address().port}/sendbook-events`;
  const close = () => new Promise((resolve) => server.close(resolve));

  let endpoint;
  try {
    const created = await sendbook.eventEndpoints.create({ url, events: ['message.state_changed'], description: `order-system example, order ${order}` });
    endpoint = created.endpoint;
    verifier = new EventVerifier(created.secret); // shown once: a real system keeps it in its secret store
  } catch (error) {
    if (!(error instanceof SendbookError) || error.code !== 'validation_failed' || !error.fields.url) throw error;
    console.log(
      `events      Sendbook refused ${url}: ${error.fields.url}. Run Sendbook with EVENT_ENDPOINTS_ALLOW_PRIVATE=true (npm run serve reads it; npm start does not pass it on), or set EVENTS_URL to a public URL that reaches this port. Going on without events.`,
    );
    await close();
    return null;
  }
  console.log(`events      listening on ${url}, endpoint ${endpoint.id} registered`);

  return {
    url,
    get verified() {
      return state.verified;
    },
    waitFor(match, timeoutMs) {
      const found = events.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve) => {
        const waiter = { match, resolve: (event) => done(event) };
        const timer = setTimeout(() => done(null), timeoutMs);
        const done = (event) => {
          clearTimeout(timer);
          waiters.splice(waiters.indexOf(waiter), 1);
          resolve(event);
        };
        waiters.push(waiter);
      });
    },
    async close() {
      await sendbook.eventEndpoints.delete(endpoint.id);
      await close();
    },
  };
}
