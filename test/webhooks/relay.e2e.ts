import type { INestApplicationContext } from '@nestjs/common';
import { createWorkerContext } from '../../apps/api/src/create-app.js';
import { DELIVERIES_CHANNEL } from '../../apps/api/src/modules/webhooks/delivery-notifications.js';
import { listenerApplicationName } from '../../apps/api/src/infra/pg-channel-listener.js';
import { DeliveryRelay, RELAY_LOCK_KEY } from '../../apps/api/src/modules/webhooks/delivery-relay.service.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { waitFor } from '../support/wait-for.js';
import { count, envelope, postWebhook, textMessage } from './webhook-support.js';

/** The sweep would find any stored delivery eventually; here it runs only at boot, so the relay must do it. */
const NO_PERIODIC_SWEEP = { WEBHOOK_SWEEP_INTERVAL_MS: '600000' };

const LISTENER = listenerApplicationName(DELIVERIES_CHANNEL);
const listeners = (t: TestApp) =>
  count(t.dataSource, `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1`, [LISTENER]);
const processed = (t: TestApp, wamid: string) => count(t.dataSource, `SELECT 1 FROM inbound_messages WHERE wamid = $1`, [wamid]);

describe('the ack path never touches Redis: the stored INSERT notifies the workers, which enqueue', () => {
  let t: TestApp;
  let worker: INestApplicationContext | undefined;
  let second: INestApplicationContext | undefined;
  beforeAll(async () => {
    // This process only answers HTTP: it has no relay, no queue worker and no timers.
    t = await startTestApp({ env: { ROLE: 'api', ...NO_PERIODIC_SWEEP } });
  });
  afterAll(async () => {
    await second?.close();
    await worker?.close();
    await t.close();
  });

  it('an API process alone stores and answers; nothing listens yet, so nothing is processed', async () => {
    expect(await listeners(t)).toBe(0);
    expect((await postWebhook(t.url, envelope({ messages: [textMessage('wamid.relay-before', 'stored while no worker ran')] }))).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await count(t.dataSource, `SELECT 1 FROM webhook_deliveries WHERE state = 'received'`)).toBe(1);
  });

  it('a worker that starts relaying first sweeps up what nobody was told about; then each stored delivery reaches it by notification', async () => {
    worker = await createWorkerContext({ ...t.config, role: 'worker' });
    // Listening before the context reports ready.
    expect(await listeners(t)).toBe(1);
    await waitFor(async () => (await processed(t, 'wamid.relay-before')) === 1, { what: 'the delivery stored before the worker came up' });

    const posts = Array.from({ length: 40 }, (_, i) => postWebhook(t.url, envelope({ messages: [textMessage(`wamid.relay-${i}`, `hello ${i}`)] })));
    expect((await Promise.all(posts)).map((r) => r.status)).toEqual(Array(40).fill(200));
    await waitFor(
      async () => (await count(t.dataSource, `SELECT 1 FROM inbound_messages WHERE wamid LIKE 'wamid.relay-%' AND wamid <> 'wamid.relay-before'`)) === 40,
      {
        what: 'all 40 deliveries processed through the relay',
      },
    );
  });

  it('a listening connection that dies is re-opened, and deliveries after it still arrive', async () => {
    const killed = await t.dataSource.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1`,
      [LISTENER],
    );
    expect(killed).toHaveLength(1);
    await waitFor(async () => (await listeners(t)) === 1, { what: 'the relay listening again' });
    expect((await postWebhook(t.url, envelope({ messages: [textMessage('wamid.relay-after', 'after the reconnect')] }))).status).toBe(200);
    await waitFor(async () => (await processed(t, 'wamid.relay-after')) === 1, { what: 'the delivery stored after the reconnect' });
  });

  it('with two workers one relays and the other stands by; when the relay goes, the other takes over', async () => {
    second = await createWorkerContext({ ...t.config, role: 'worker' });
    expect(await listeners(t)).toBe(2);
    const relaying = () => [worker!, second!].map((w) => w.get(DeliveryRelay, { strict: false }).isRelaying);
    expect(relaying()).toEqual([true, false]);
    expect(
      await count(
        t.dataSource,
        `SELECT 1 FROM pg_locks l JOIN pg_database d ON d.oid = l.database
       WHERE d.datname = current_database() AND l.locktype = 'advisory' AND l.objid = $1 AND l.granted`,
        [RELAY_LOCK_KEY],
      ),
    ).toBe(1);

    await worker!.close();
    worker = undefined;
    await waitFor(async () => second!.get(DeliveryRelay, { strict: false }).isRelaying, { what: 'the second worker relaying' });
    expect((await postWebhook(t.url, envelope({ messages: [textMessage('wamid.relay-takeover', 'after the takeover')] }))).status).toBe(200);
    await waitFor(async () => (await processed(t, 'wamid.relay-takeover')) === 1, { what: 'the delivery stored after the takeover' });
  });
});
