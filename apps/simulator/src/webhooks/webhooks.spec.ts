import { createHmac } from 'node:crypto';
import { createSimulator } from '../simulator.js';
import type { Simulator } from '../simulator-api.js';
import type { SimulatorOptions } from '../options.js';
import { postMessage, templateBody, wamidOf } from '../testing/graph-requests.js';
import { keyShape, loadFixture } from '../testing/shape.js';
import { startWebhookReceiver, type ReceivedPost, type WebhookReceiver } from '../testing/webhook-receiver.js';
import type { StatusObject } from './webhook-types.js';

const FAST: SimulatorOptions = { statusDelaysMs: { sent: 0, delivered: 10, read: 20 }, webhookBatch: { flushMs: 30, maxEvents: 100 } };

function statusesIn(post: ReceivedPost): StatusObject[] {
  return post.envelope.entry.flatMap((e) => e.changes.flatMap((c) => c.value.statuses ?? []));
}

describe('webhook emitter', () => {
  let sim: Simulator;
  let receiver: WebhookReceiver;

  async function start(options: SimulatorOptions = {}, respond?: (index: number) => number): Promise<void> {
    receiver = await startWebhookReceiver(respond ? { respond } : {});
    sim = await createSimulator({ ...FAST, webhookUrl: receiver.url, ...options });
  }

  afterEach(async () => {
    await sim.close();
    await receiver.close();
  });

  it('posts signed, batched sent/delivered/read statuses carrying biz_opaque_callback_data', async () => {
    await start({ webhookBatch: { flushMs: 60 } });
    const wamids: string[] = [];
    for (let i = 0; i < 3; i++) {
      wamids.push(wamidOf(await postMessage(sim, templateBody(`1650555000${i}`, 'hello_world', 'en_US', [], { biz_opaque_callback_data: `out-${i}` }))));
    }
    await sim.idle();

    expect(receiver.posts.length).toBeGreaterThan(0);
    for (const post of receiver.posts) {
      expect(post.signatureValid).toBe(true);
      expect(post.headers['x-hub-signature-256']).toBe(`sha256=${createHmac('sha256', 'sim-app-secret').update(post.raw).digest('hex')}`);
      expect(post.headers['content-type']).toBe('application/json');
    }
    // Several events share one POST, grouped into one change per business number.
    expect(Math.max(...receiver.posts.map((p) => statusesIn(p).length))).toBeGreaterThan(1);
    for (const post of receiver.posts) {
      expect(post.envelope.object).toBe('whatsapp_business_account');
      expect(post.envelope.entry).toHaveLength(1);
      expect(post.envelope.entry[0]?.id).toBe('102290129340398');
      expect(post.envelope.entry[0]?.changes).toHaveLength(1);
      expect(post.envelope.entry[0]?.changes[0]?.field).toBe('messages');
      expect(post.envelope.entry[0]?.changes[0]?.value.metadata).toEqual({ display_phone_number: '15550783881', phone_number_id: '106540352242922' });
    }

    const statuses = receiver.statuses();
    for (const [i, wamid] of wamids.entries()) {
      const mine = statuses.filter((s) => s.id === wamid);
      // Separate POSTs may overtake each other on a loaded machine, as Meta's do: no order is promised.
      expect(mine.map((s) => s.status).sort()).toEqual(['delivered', 'read', 'sent']);
      for (const status of mine) {
        expect(status.biz_opaque_callback_data).toBe(`out-${i}`);
        expect(status.recipient_id).toBe(`1650555000${i}`);
        expect(status.timestamp).toMatch(/^\d{10}$/);
      }
      // Pricing on sent and delivered only; the conversation's expiry only on sent.
      const sent = mine.find((s) => s.status === 'sent');
      const delivered = mine.find((s) => s.status === 'delivered');
      const read = mine.find((s) => s.status === 'read');
      expect([sent, delivered, read].map((s) => s?.pricing !== undefined)).toEqual([true, true, false]);
      expect(sent?.conversation?.expiration_timestamp).toMatch(/^\d{10}$/);
      expect(delivered?.conversation).not.toHaveProperty('expiration_timestamp');
      expect(sent?.pricing).toEqual({ billable: true, pricing_model: 'PMP', type: 'regular', category: 'utility' });
    }
  });

  it('prices a utility template inside an open window as free customer service', async () => {
    await start();
    sim.customer('16505551234').sendText('hi');
    await postMessage(sim, templateBody('16505551234', 'hello_world', 'en_US'));
    await sim.idle();
    expect(receiver.statuses()[0]?.pricing).toEqual({ billable: false, pricing_model: 'PMP', type: 'free_customer_service', category: 'utility' });
  });

  it("gives status objects the key structure of Meta's fixtures", async () => {
    await start();
    await postMessage(
      sim,
      templateBody('16505551234', 'spring_sale', 'en', [
        {
          type: 'body',
          parameters: [
            { type: 'text', text: 'Pablo' },
            { type: 'text', text: '20%' },
          ],
        },
      ]),
    );
    await sim.idle();
    const fixture = loadFixture('status-sent-pricing-pmp-meta-docs.json');
    const [sent] = receiver.statuses();
    const ourPost = receiver.posts.find((p) => statusesIn(p).some((s) => s.status === 'sent'));
    expect(keyShape(ourPost?.envelope)).toEqual(keyShape(fixture));
    expect(sent?.pricing).toEqual({ billable: true, pricing_model: 'PMP', type: 'regular', category: 'marketing' });
  });

  it('omits conversation on v24+ like Meta', async () => {
    await start();
    await postMessage(sim, templateBody('16505551234', 'hello_world', 'en_US'), { version: 'v24.0' });
    await sim.idle();
    const fixture = loadFixture('status-sent-v24-no-conversation-no-pricing-meta-docs.json') as {
      entry: Array<{ changes: Array<{ value: { statuses: unknown[] } }> }>;
    };
    const [sent] = receiver.statuses();
    expect(sent?.conversation).toBeUndefined();
    const { pricing: _pricing, ...withoutPricing } = sent ?? {};
    expect(keyShape(withoutPricing)).toEqual(keyShape(fixture.entry[0]?.changes[0]?.value.statuses[0]));
  });

  it('escapes non-ASCII as \\uXXXX and signs those exact bytes', async () => {
    await start({ statusDelaysMs: { sent: 0, delivered: null, read: null } });
    sim.customer('16505551234', { name: 'Lucía Fernández' }).sendText('Ça marche 👍 https://x.y/z');
    await sim.idle();

    const [post] = receiver.posts;
    const raw = post?.raw.toString('latin1') ?? '';
    expect(raw).toContain('Luc\\u00eda Fern\\u00e1ndez');
    expect(raw).toContain('\\u00c7a marche \\ud83d\\udc4d https:\\/\\/x.y\\/z');
    expect([...(post?.raw ?? Buffer.alloc(0))].every((byte) => byte < 0x80)).toBe(true);
    expect(post?.signatureValid).toBe(true);
    // The trap: re-serialising the parsed body gives different bytes, so a different HMAC.
    const reserialised = JSON.stringify(JSON.parse(raw));
    expect(`sha256=${createHmac('sha256', 'sim-app-secret').update(reserialised).digest('hex')}`).not.toBe(post?.headers['x-hub-signature-256']);
    expect(receiver.messages()[0]).toMatchObject({ type: 'text', text: { body: 'Ça marche 👍 https://x.y/z' } });
  });

  it('signs with the first secret of a comma-separated list', async () => {
    await start({ appSecret: 'current-secret,previous-secret' });
    sim.customer('16505551234').sendText('hi');
    await sim.idle();
    const [post] = receiver.posts;
    expect(post?.headers['x-hub-signature-256']).toBe(
      `sha256=${createHmac('sha256', 'current-secret')
        .update(post?.raw ?? '')
        .digest('hex')}`,
    );
  });

  it('never puts more than maxEvents events in one POST', async () => {
    await start({ webhookBatch: { maxEvents: 2, flushMs: 50 } });
    for (let i = 0; i < 4; i++) await postMessage(sim, templateBody(`1650555100${i}`, 'hello_world', 'en_US'));
    await sim.idle();
    expect(receiver.statuses()).toHaveLength(12);
    expect(Math.max(...receiver.posts.map((p) => statusesIn(p).length))).toBe(2);
  });

  it('retries a POST answered 500 twice with the same bytes until it gets 200', async () => {
    await start({ statusDelaysMs: { sent: 0, delivered: null, read: null }, timeScale: 1 / 1000 }, (index) => (index < 2 ? 500 : 200));
    const wamid = wamidOf(await postMessage(sim, templateBody('16505551234', 'hello_world', 'en_US', [], { biz_opaque_callback_data: 'out-9' })));
    await sim.idle();

    expect(receiver.posts.map((p) => p.answered)).toEqual([500, 500, 200]);
    expect(new Set(receiver.posts.map((p) => p.raw.toString('hex'))).size).toBe(1);
    expect(receiver.statuses()).toEqual([expect.objectContaining({ id: wamid, status: 'sent', biz_opaque_callback_data: 'out-9' })]);
    const [delivery] = sim.webhookDeliveries();
    expect(delivery?.state).toBe('delivered');
    expect(delivery?.attempts.map((a) => a.statusCode)).toEqual([500, 500, 200]);
    expect(delivery?.retriedForMs).toBe(1000 + 2000);
    expect(delivery?.body).toBe(receiver.posts[0]?.raw.toString('utf8'));
  });

  it('retries connection errors and delivers once the endpoint is reachable', async () => {
    await start({ statusDelaysMs: { sent: 0, delivered: null, read: null }, timeScale: 1 / 100 });
    sim.configure({ webhookUrl: 'http://127.0.0.1:9/unreachable' });
    sim.customer('16505551234').sendText('hello?');
    while ((sim.webhookDeliveries()[0]?.attempts.length ?? 0) < 2) await new Promise((r) => setTimeout(r, 5));
    sim.configure({ webhookUrl: receiver.url });
    await sim.idle();

    const [delivery] = sim.webhookDeliveries();
    expect(delivery?.attempts.slice(0, 2).every((a) => a.statusCode === null && a.error !== null)).toBe(true);
    expect(delivery?.state).toBe('delivered');
    expect(receiver.messages()).toHaveLength(1);
  });

  it('gives up after 7 days of exponential backoff (scaled by timeScale)', async () => {
    await start({ statusDelaysMs: { sent: 0, delivered: null, read: null }, timeScale: 1 / 1_000_000 }, () => 503);
    sim.customer('16505551234').sendText('anyone?');
    await sim.idle();

    const [delivery] = sim.webhookDeliveries();
    expect(delivery?.state).toBe('abandoned');
    // 1 s, 2 s, 4 s … capped at 1 h, until the next retry would pass 7 days.
    const delays: number[] = [];
    let total = 0;
    for (let n = 1; ; n++) {
      const next = Math.min(1000 * 2 ** (n - 1), 3_600_000);
      if (total + next > 7 * 24 * 3_600_000) break;
      delays.push(next);
      total += next;
    }
    expect(delivery?.attempts).toHaveLength(delays.length + 1);
    expect(delivery?.retriedForMs).toBe(total);
    expect(receiver.posts.every((p) => p.answered === 503)).toBe(true);
  });

  it('holds events until a webhook URL is configured', async () => {
    await start({ statusDelaysMs: { sent: 0, delivered: null, read: null } });
    sim.configure({ webhookUrl: null });
    sim.customer('16505551234').sendText('early bird');
    await sim.idle();
    expect(receiver.posts).toHaveLength(0);
    sim.configure({ webhookUrl: receiver.url });
    await sim.flushWebhooks();
    expect(receiver.messages()).toHaveLength(1);
  });

  describe('chaos', () => {
    it('duplicateProbability delivers the same POST twice, byte for byte', async () => {
      await start({ chaos: { seed: 7, duplicateProbability: 1 } });
      await postMessage(sim, templateBody('16505551234', 'hello_world', 'en_US'));
      await sim.idle();

      const deliveries = sim.webhookDeliveries();
      const originals = deliveries.filter((d) => d.kind === 'original');
      expect(deliveries.filter((d) => d.kind === 'duplicate')).toHaveLength(originals.length);
      for (const original of originals) {
        const copies = receiver.posts.filter((p) => p.raw.toString('utf8') === original.body);
        expect(copies).toHaveLength(2);
        expect(copies.every((p) => p.signatureValid)).toBe(true);
      }
      expect(
        receiver
          .statuses()
          .map((s) => s.status)
          .sort(),
      ).toEqual(['delivered', 'delivered', 'read', 'read', 'sent', 'sent']);
    });

    it('rebatchProbability re-sends the same events later in differently composed POSTs', async () => {
      await start({ chaos: { seed: 11, rebatchProbability: 1 }, statusDelaysMs: { sent: 0, delivered: 40, read: 80 }, webhookBatch: { flushMs: 10 } });
      for (let i = 0; i < 3; i++) await postMessage(sim, templateBody(`1650555200${i}`, 'hello_world', 'en_US'));
      await sim.idle();

      const deliveries = sim.webhookDeliveries();
      const postsByEvent = new Map<string, string[]>();
      for (const d of deliveries) for (const e of d.events) postsByEvent.set(e.eventId, [...(postsByEvent.get(e.eventId) ?? []), d.id]);
      expect(postsByEvent.size).toBe(9);
      for (const posts of postsByEvent.values()) expect(new Set(posts).size).toBe(2);

      // Same status objects (same timestamps) both times, so consumers can dedupe them.
      const seen = receiver.statuses().map((s) => JSON.stringify(s));
      expect(seen).toHaveLength(18);
      expect(new Set(seen).size).toBe(9);

      // A re-sent event never travels in a POST identical to its first one (when that POST held several events).
      const sameAsFirst = deliveries.flatMap((d) =>
        d.events
          .filter((e) => e.resent)
          .map((e) => deliveries.find((x) => x.events.some((y) => y.eventId === e.eventId && !y.resent)))
          .filter((first) => (first?.events.length ?? 0) > 1 && first?.body === d.body),
      );
      expect(sameAsFirst).toEqual([]);
    });

    it('shuffle delivers events out of order, within and across POSTs', async () => {
      await start({ chaos: { seed: 3, shuffle: true }, statusDelaysMs: { sent: 0, delivered: 0, read: 0 }, webhookBatch: { flushMs: 20 } });
      for (let i = 0; i < 10; i++) await postMessage(sim, templateBody(`1650555300${i}`, 'hello_world', 'en_US'));
      await sim.idle();

      const deliveries = sim.webhookDeliveries();
      const emitted = deliveries.flatMap((d) => d.events.map((e) => Number(e.eventId.slice(4)))).sort((a, b) => a - b);
      const order = deliveries.flatMap((d) => d.events.map((e) => Number(e.eventId.slice(4))));
      expect(order).toHaveLength(30);
      expect(new Set(order).size).toBe(30); // shuffled, not duplicated
      expect(order).not.toEqual(emitted);
      // Across POSTs: some event went out in a later POST than an event emitted after it.
      const postIndex = new Map(deliveries.flatMap((d, i) => d.events.map((e) => [Number(e.eventId.slice(4)), i] as const)));
      const crossed = emitted.some((a) => emitted.some((b) => a < b && (postIndex.get(a) ?? 0) > (postIndex.get(b) ?? 0)));
      expect(crossed).toBe(true);
      // And some message's read/delivered reached the receiver before its sent.
      const rank = { sent: 0, delivered: 1, read: 2, failed: 3 } as const;
      const arrived = receiver.statuses();
      const inversions = arrived.filter((s, i) => arrived.slice(i + 1).some((later) => later.id === s.id && rank[later.status] < rank[s.status]));
      expect(inversions.length).toBeGreaterThan(0);
    });

    it('delayMs delays each POST by a random amount in range', async () => {
      await start({ chaos: { seed: 5, delayMs: [40, 60] }, statusDelaysMs: { sent: 0, delivered: null, read: null } });
      sim.clock.freeze();
      const startedAt = Date.now();
      await postMessage(sim, templateBody('16505551234', 'hello_world', 'en_US'));
      await sim.idle();
      expect(receiver.posts).toHaveLength(1);
      expect(Date.now() - startedAt).toBeGreaterThanOrEqual(40 + 30 - 5);
    });
  });
});
