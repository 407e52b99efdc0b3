import type { INestApplicationContext } from '@nestjs/common';
import { createWorkerContext } from '../../apps/api/src/create-app.js';
import { WebhookDispatcher } from '../../apps/api/src/modules/webhooks/webhook-dispatcher.service.js';
import { SWEEP_MAX_WAITING } from '../../apps/api/src/modules/webhooks/webhook-timers.service.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { waitFor } from '../support/wait-for.js';
import { count, envelope, postWebhook, textMessage } from './webhook-support.js';

/** Four sweep pages (1,000 each): the old sweep enqueued one page per interval. */
const BACKLOG = 4_000;

describe('a backlog stored while no worker ran is fed to the queue as it drains, all of it in one sweep', () => {
  let t: TestApp;
  let worker: INestApplicationContext | undefined;
  beforeAll(async () => {
    // Only the boot sweep and the relay's catch-up run: the next periodic sweep is an hour away.
    // Its subject is the sweep, not the ack's latency: 16 posters beside other test files on CI's
    // two cores once passed the 5 s ack deadline, and a 500 failed the seeding.
    t = await startTestApp({ env: { ROLE: 'api', WEBHOOK_SWEEP_INTERVAL_MS: '3600000', WEBHOOK_ACK_TIMEOUT_MS: '30000' } });
  });
  afterAll(async () => {
    await worker?.close();
    await t.close();
  });

  it('every one of 4,000 stored deliveries is processed, and Redis never holds much more than a page of them waiting', async () => {
    let next = 0;
    const poster = async () => {
      while (next < BACKLOG) {
        const i = next++;
        const answer = await postWebhook(t.url, envelope({ messages: [textMessage(`wamid.backlog-${i}`, `backlog ${i}`)] }));
        expect(answer.status).toBe(200);
      }
    };
    await Promise.all(Array.from({ length: 16 }, poster));
    expect(await count(t.dataSource, `SELECT 1 FROM webhook_deliveries WHERE state = 'received'`)).toBe(BACKLOG);

    worker = await createWorkerContext({ ...t.config, role: 'worker' });
    const dispatcher = worker.get(WebhookDispatcher, { strict: false });
    let mostWaiting = 0;
    await waitFor(
      async () => {
        mostWaiting = Math.max(mostWaiting, await dispatcher.waitingJobs());
        return (await count(t.dataSource, `SELECT 1 FROM webhook_deliveries WHERE state = 'processed'`)) === BACKLOG;
      },
      { timeoutMs: 120_000, intervalMs: 20, what: `all ${BACKLOG} stored deliveries processed by the boot sweep` },
    );
    expect(await count(t.dataSource, `SELECT 1 FROM inbound_messages WHERE wamid LIKE 'wamid.backlog-%'`)).toBe(BACKLOG);
    // A page goes in only once fewer than SWEEP_MAX_WAITING wait; the boot sweep and the relay's
    // catch-up may each add one. Dumped at once, the whole backlog would be waiting.
    expect(mostWaiting).toBeLessThan(SWEEP_MAX_WAITING + 2 * 1000);
    expect(mostWaiting).toBeLessThan(BACKLOG);
  }, 180_000);
});
