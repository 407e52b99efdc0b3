import { createHash } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { GraphClient, parseWebhook, verifySignature, type OutboundTemplate, type OutboundText } from '@sendbook/whatsapp';
import { createSimulator } from './simulator.js';
import type { Simulator } from './simulator-api.js';
import { startWebhookReceiver, type WebhookReceiver } from './testing/webhook-receiver.js';

const ACCESS_TOKEN = 'client-vs-sim-token';

function template(to: string, name = 'hello_world', language = 'en_US', callback?: string): OutboundTemplate {
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to,
    type: 'template',
    template: { name, language: { code: language } },
    ...(callback ? { biz_opaque_callback_data: callback } : {}),
  };
}

/** The real `@sendbook/whatsapp` client against the simulator, for each of the four send outcomes. */
describe('GraphClient against the simulator', () => {
  let sim: Simulator;
  let receiver: WebhookReceiver;
  let client: GraphClient;

  beforeEach(async () => {
    receiver = await startWebhookReceiver({ appSecret: 'client-vs-sim-secret' });
    sim = await createSimulator({
      accessToken: ACCESS_TOKEN,
      appSecret: 'client-vs-sim-secret',
      webhookUrl: receiver.url,
      statusDelaysMs: { sent: 0, delivered: 5, read: 10 },
      webhookBatch: { flushMs: 5 },
    });
    client = new GraphClient({ baseUrl: sim.url, apiVersion: 'v23.0', accessToken: ACCESS_TOKEN, timeoutMs: 300 });
  });

  afterEach(async () => {
    client.close();
    await sim.close();
    await receiver.close();
  });

  const phoneNumberId = (): string => sim.config().phoneNumbers[0]?.id ?? '';

  it('uploads media as Meta documents it: the id a send names and GET /{media_id} describes; refuses types and sizes Meta refuses', async () => {
    const { Readable } = await import('node:stream');
    const upload = (bytes: Buffer, mimeType: string, filename: string) =>
      client.uploadMedia(phoneNumberId(), { mimeType, filename, size: bytes.length, open: () => Readable.from([bytes]) });
    const pdf = Buffer.from('%PDF-1.4\n% a tiny document\n%%EOF\n');
    const ok = await upload(pdf, 'application/pdf', 'invoice.pdf');
    expect(ok).toMatchObject({ outcome: 'ok', httpStatus: 200, id: expect.stringMatching(/^\d+$/) });
    const id = ok.outcome === 'ok' ? ok.id : '';
    expect(sim.uploads()).toEqual([expect.objectContaining({ id, mimeType: 'application/pdf', filename: 'invoice.pdf', size: pdf.length })]);
    expect(sim.media(id)?.bytes.equals(pdf)).toBe(true);

    const gif = await upload(Buffer.from('GIF89a'), 'image/gif', 'party.gif');
    expect(gif).toMatchObject({ outcome: 'rejected', httpStatus: 400, error: { code: 100 } });
    const huge = await upload(
      Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(5 * 1024 * 1024)]),
      'image/png',
      'big.png',
    );
    expect(huge).toMatchObject({ outcome: 'rejected', error: { code: 131053 } });
    const renamed = await upload(Buffer.from('MZ this is a program'), 'application/pdf', 'invoice.pdf');
    expect(renamed).toMatchObject({ outcome: 'rejected', error: { code: 131053 } });
    expect(sim.uploads()).toHaveLength(1);
  });

  it('accepted: returns the wamid the ledger holds', async () => {
    const result = await client.sendMessage(phoneNumberId(), template('+16505551234', 'hello_world', 'en_US', 'out-1'));
    expect(result).toMatchObject({ outcome: 'accepted', httpStatus: 200, waId: '16505551234', input: '+16505551234', messageStatus: 'accepted' });
    expect(result.outcome === 'accepted' && result.wamid).toBe(sim.ledger()[0]?.wamid);
  });

  it('rejected: 131056 for a second send to the same user within 6 s, 132001 for an unknown template', async () => {
    expect((await client.sendMessage(phoneNumberId(), template('16505551234'))).outcome).toBe('accepted');
    const paced = await client.sendMessage(phoneNumberId(), template('16505551234'));
    expect(paced).toMatchObject({ outcome: 'rejected', httpStatus: 400, error: { code: 131056 } });

    const unknown = await client.sendMessage(phoneNumberId(), template('16505559999', 'no_such_template', 'en'));
    expect(unknown).toMatchObject({
      outcome: 'rejected',
      httpStatus: 404,
      error: { code: 132001, details: 'template name (no_such_template) does not exist in en' },
    });

    const text: OutboundText = { messaging_product: 'whatsapp', recipient_type: 'individual', to: '16505558888', type: 'text', text: { body: 'hi' } };
    expect(await client.sendMessage(phoneNumberId(), text)).toMatchObject({ outcome: 'rejected', error: { code: 131047, title: 'Re-engagement message' } });
    expect(sim.ledger()).toHaveLength(1);
  });

  it('rejected: a bad token is 190', async () => {
    const stranger = new GraphClient({ baseUrl: sim.url, apiVersion: 'v23.0', accessToken: 'wrong', timeoutMs: 300 });
    expect(await stranger.sendMessage(phoneNumberId(), template('16505551234'))).toMatchObject({ outcome: 'rejected', httpStatus: 401, error: { code: 190 } });
    stranger.close();
  });

  it('not_sent: nothing is listening', async () => {
    await sim.close();
    const result = await client.sendMessage(phoneNumberId(), template('16505551234'));
    expect(result.outcome).toBe('not_sent');
  });

  it('unknown: the simulator accepts and then drops the connection; the ledger has the message', async () => {
    sim.scriptNext(1, { kind: 'lose_response' });
    const result = await client.sendMessage(phoneNumberId(), template('16505551234', 'hello_world', 'en_US', 'out-lost'));
    expect(result.outcome).toBe('unknown');
    expect(sim.ledger()).toEqual([expect.objectContaining({ to: '16505551234', bizOpaqueCallbackData: 'out-lost', responseLost: true })]);
    await sim.idle();
    expect(receiver.statuses().map((s) => [s.status, s.biz_opaque_callback_data])).toEqual([
      ['sent', 'out-lost'],
      ['delivered', 'out-lost'],
      ['read', 'out-lost'],
    ]);
  });

  it('unknown: an answer slower than timeoutMs is a real timeout after acceptance; the ledger has the message', async () => {
    sim.scriptNext(1, { kind: 'slow', ms: 2000 });
    const started = Date.now();
    const result = await client.sendMessage(phoneNumberId(), template('16505551234', 'hello_world', 'en_US', 'out-slow'));
    expect(result.outcome).toBe('unknown');
    expect(Date.now() - started).toBeLessThan(1500);
    expect(sim.ledger()).toEqual([expect.objectContaining({ to: '16505551234', bizOpaqueCallbackData: 'out-slow' })]);
  });

  it('a 500 before acceptance comes back with a Graph error body, and nothing was sent', async () => {
    sim.scriptNext(1, { kind: 'http_500' });
    expect(await client.sendMessage(phoneNumberId(), template('16505551234'))).toMatchObject({ outcome: 'rejected', httpStatus: 500, error: { code: 131000 } });
    expect(sim.ledger()).toHaveLength(0);
  });

  it('marks as read and lists every template through the cursors', async () => {
    const inbound = sim.customer('16505551234').sendText('hello');
    expect(await client.markAsRead(phoneNumberId(), inbound, { typingIndicator: true })).toMatchObject({ outcome: 'ok', success: true });
    expect(sim.readReceipts()).toEqual([expect.objectContaining({ messageId: inbound, known: true })]);

    const all = await client.listAllTemplates(sim.config().phoneNumbers[0]?.wabaId ?? '', { limit: 3 });
    expect(all.outcome === 'ok' && all.data.map((t) => t.name)).toEqual(sim.config().templates.map((t) => t.name));
  });

  it('reads a number’s profile the library asks for; a changed quality rating or messaging limit shows on the next read', async () => {
    expect(await client.getPhoneNumber(phoneNumberId())).toEqual({
      outcome: 'ok',
      httpStatus: 200,
      id: phoneNumberId(),
      displayPhoneNumber: '+1 555-078-3881',
      verifiedName: 'Sendbook Demo Shop',
      qualityRating: 'GREEN',
      throughputLevel: 'STANDARD',
      nameStatus: 'APPROVED',
      messagingLimit: 'TIER_250',
    });
    sim.configure({ phoneNumbers: [{ ...sim.config().phoneNumbers[0]!, qualityRating: 'YELLOW', mps: 1000, messagingLimit: 'TIER_10K' }] });
    expect(await client.getPhoneNumber(phoneNumberId())).toMatchObject({ qualityRating: 'YELLOW', throughputLevel: 'HIGH', messagingLimit: 'TIER_10K' });
  });

  it('leaves the messaging limit out where the number is configured with none, and the library reads that as unknown', async () => {
    sim.configure({ phoneNumbers: [{ ...sim.config().phoneNumbers[0]!, messagingLimit: null }] });
    const res = await fetch(`${sim.url}/v23.0/${phoneNumberId()}?fields=id,whatsapp_business_manager_messaging_limit`, {
      headers: { Authorization: `Bearer ${ACCESS_TOKEN}` },
    });
    expect(await res.json()).toEqual({ id: phoneNumberId() });
    expect(await client.getPhoneNumber(phoneNumberId())).toMatchObject({ outcome: 'ok', messagingLimit: null });
  });

  it("downloads a customer's image by media id: the simulator's bytes, content type and sha256", async () => {
    sim.customer('16505551234').sendImage('receipt');
    const image = sim.inboundMessages().at(-1)?.message.image as { id: string } | undefined;
    const mediaId = image?.id ?? '';
    const result = await client.downloadMediaById(mediaId, { phoneNumberId: phoneNumberId() });
    expect(result).toMatchObject({ outcome: 'ok', httpStatus: 200, contentType: 'image/png', media: { id: mediaId, mimeType: 'image/png' } });
    if (result.outcome !== 'ok') return;
    const bytes = await buffer(result.body);
    expect(bytes.equals(sim.media(mediaId)?.bytes ?? Buffer.alloc(0))).toBe(true);
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(result.media.sha256);
    expect(await client.downloadMediaById('1234')).toMatchObject({ outcome: 'rejected', error: { code: 100 } });
  });

  it('webhooks it emits verify and parse with the library (two independent implementations)', async () => {
    sim.customer('16505551234', { name: 'Zoë Ünal' }).sendText('Grüße 👋');
    await client.sendMessage(phoneNumberId(), template('16505551234', 'hello_world', 'en_US', 'out-7'));
    await sim.idle();

    expect(receiver.posts.length).toBeGreaterThan(0);
    for (const post of receiver.posts) {
      expect(verifySignature(post.raw, post.headers['x-hub-signature-256'] as string, ['client-vs-sim-secret'])).toBe(true);
      const parsed = parseWebhook(post.raw);
      expect(parsed.ok).toBe(true);
    }
    const events = receiver.posts.flatMap((p) => {
      const parsed = parseWebhook(p.raw);
      return parsed.ok ? parsed.events : [];
    });
    const message = events.find((e) => e.kind === 'message');
    expect(message?.kind === 'message' && message.contact?.name).toBe('Zoë Ünal');
    const statuses = events.flatMap((e) => (e.kind === 'status' ? [e.status] : []));
    // Separate POSTs may overtake each other on a loaded machine, as Meta's do: no order is promised.
    expect(statuses.map((s) => s.status).sort()).toEqual(['delivered', 'read', 'sent']);
    expect(statuses.every((s) => s.bizOpaqueCallbackData === 'out-7')).toBe(true);
  });
});
