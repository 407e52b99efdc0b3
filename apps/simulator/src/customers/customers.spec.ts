import type { Simulator } from '../simulator-api.js';
import { buttonsBody, postMessage, templateBody, textBody, wamidOf } from '../testing/graph-requests.js';
import { keyShape, loadFixture } from '../testing/shape.js';
import { startSimulatorWithReceiver } from '../testing/simulator-with-receiver.js';
import type { WebhookReceiver } from '../testing/webhook-receiver.js';
import type { Customer } from './customer.js';

describe('simulated customers', () => {
  let sim: Simulator;
  let receiver: WebhookReceiver;
  let close: () => Promise<void>;
  let sheena: Customer;
  const outboundWamid = 'wamid.HBgLMTQxMjU1NTA4MjkVAgASGBQzQUNCNjk5RDUwNUZGMUZEM0VBRAA=';

  beforeEach(async () => {
    ({ sim, receiver, close } = await startSimulatorWithReceiver());
    sheena = sim.customer('16505551234', { name: 'Sheena Nelson' });
  });

  afterEach(() => close());

  /** The one POST the last action produced. */
  async function lastPost(): Promise<unknown> {
    await sim.flushWebhooks();
    return receiver.posts.at(-1)?.envelope;
  }

  it.each([
    ['a text', 'inbound-text-meta-docs.json', false, (c: Customer) => c.sendText('Does it come in another color?')],
    ['a button reply', 'inbound-button-reply-meta-docs.json', true, (c: Customer) => c.replyButton(outboundWamid, 'cancel-button', 'Cancel')],
    [
      'a list reply',
      'inbound-list-reply-meta-docs.json',
      true,
      (c: Customer) => c.replyList(outboundWamid, 'priority_express', 'Priority Mail Express', 'Next Day to 2 Days'),
    ],
    [
      'a template quick reply',
      'inbound-template-quick-reply-button-meta-docs.json',
      true,
      (c: Customer) => c.tapQuickReply(outboundWamid, 'Unsubscribe', 'Unsubscribe'),
    ],
    ['a reaction', 'inbound-reaction-meta-docs.json', false, (c: Customer) => c.react(outboundWamid, '👍')],
    ['an image with caption', 'inbound-image-caption-meta-docs.json', false, (c: Customer) => c.sendImage('Taj Mahal')],
    ['a document', 'inbound-document-meta-docs.json', false, (c: Customer) => c.sendMedia('document', { caption: 'my receipt', filename: 'receipt.pdf' })],
    ['a voice note', 'inbound-audio-voice-meta-docs.json', false, (c: Customer) => c.sendMedia('audio', { voice: true })],
    ['a video with caption', 'inbound-video-meta-docs.json', false, (c: Customer) => c.sendMedia('video', { caption: 'Timelapse of growth' })],
    ['a sticker', 'inbound-sticker-meta-docs.json', false, (c: Customer) => c.sendMedia('sticker', { animated: true })],
  ])('%s has the key structure of %s', async (_kind, fixture, quotes, act) => {
    const wamid = act(sheena);
    const envelope = await lastPost();
    expect(keyShape(envelope)).toEqual(keyShape(loadFixture(fixture)));

    const value = (envelope as { entry: Array<{ changes: Array<{ value: { contacts: unknown; messages: Array<Record<string, unknown>> } }> }> }).entry[0]
      ?.changes[0]?.value;
    expect(value?.contacts).toEqual([{ profile: { name: 'Sheena Nelson' }, wa_id: '16505551234' }]);
    const message = value?.messages[0];
    expect(message?.id).toBe(wamid);
    expect(message?.from).toBe('16505551234');
    expect(message?.timestamp).toMatch(/^\d{10}$/);
    expect(message?.context).toEqual(quotes ? { from: '15550783881', id: outboundWamid } : undefined);
    expect(sim.inboundMessages().at(-1)?.wamid).toBe(wamid);
  });

  it('keeps the fixture key order in inbound messages', async () => {
    sheena.replyButton(outboundWamid, 'cancel-button', 'Cancel');
    const envelope = (await lastPost()) as { entry: Array<{ changes: Array<{ value: { messages: Array<Record<string, unknown>> } }> }> };
    expect(Object.keys(envelope.entry[0]?.changes[0]?.value.messages[0] ?? {})).toEqual(['context', 'from', 'id', 'timestamp', 'type', 'interactive']);
  });

  it('quotes a message when texting with context, and removes a reaction without emoji', async () => {
    sheena.sendText('This one?', { contextWamid: outboundWamid });
    sheena.react(outboundWamid, '');
    await sim.flushWebhooks();
    const [text, reaction] = receiver.messages();
    expect(text?.context).toEqual({ from: '15550783881', id: outboundWamid });
    expect(reaction?.reaction).toEqual({ message_id: outboundWamid });
    expect(keyShape(reaction)).toEqual(
      keyShape(
        (loadFixture('inbound-reaction-removed-meta-docs.json') as { entry: Array<{ changes: Array<{ value: { messages: unknown[] } }> }> }).entry[0]
          ?.changes[0]?.value.messages[0],
      ),
    );
  });

  it("a text from the WhatsApp Business app is echoed as smb_message_echoes, shaped as Meta's example, and opens no window", async () => {
    const wamid = sheena.textFromBusinessApp("Here's the info you requested!");
    const envelope = (await lastPost()) as { entry: Array<{ changes: Array<{ field: string; value: { message_echoes: Array<Record<string, unknown>> } }> }> };
    expect(keyShape(envelope)).toEqual(keyShape(loadFixture('smb-message-echoes-text-meta-docs.json')));
    const change = envelope.entry[0]?.changes[0];
    expect(change?.field).toBe('smb_message_echoes');
    expect(change?.value.message_echoes[0]).toMatchObject({
      from: '15550783881',
      to: '16505551234',
      id: wamid,
      type: 'text',
      text: { body: "Here's the info you requested!" },
    });
    expect((await postMessage(sim, textBody('16505551234', 'hello'))).status).toBe(400);
    expect(sim.ledger()).toEqual([]);
  });

  it('opens the window for free text with its inbound messages', async () => {
    expect((await postMessage(sim, textBody('16505551234', 'hello'))).status).toBe(400);
    sheena.sendImage();
    expect((await postMessage(sim, textBody('16505551234', 'hello'))).status).toBe(200);
  });

  it('reply() taps the matching button, list row or quick reply of a real outbound message', async () => {
    sheena.sendText('hi');
    const interactive = wamidOf(
      await postMessage(
        sim,
        buttonsBody('16505551234', [
          { id: 'confirm', title: 'Yes' },
          { id: 'cancel', title: 'No' },
        ]),
      ),
    );
    sim.clock.advance(6000);
    const template = wamidOf(
      await postMessage(
        sim,
        templateBody('16505551234', 'order_shipped', 'en', [
          { type: 'body', parameters: ['Pablo', '44812', 'Friday'].map((text) => ({ type: 'text', text })) },
          { type: 'button', sub_type: 'quick_reply', index: '1', parameters: [{ type: 'payload', payload: 'stop-44812' }] },
        ]),
      ),
    );
    sheena.reply(interactive, 'yes');
    sheena.reply(template, 'Stop updates');
    sheena.reply(template, 'where is it?');
    await sim.idle();

    const replies = receiver.messages().slice(1);
    expect(replies[0]).toMatchObject({
      type: 'interactive',
      context: { id: interactive },
      interactive: { type: 'button_reply', button_reply: { id: 'confirm', title: 'Yes' } },
    });
    expect(replies[1]).toMatchObject({ type: 'button', context: { id: template }, button: { payload: 'stop-44812', text: 'Stop updates' } });
    expect(replies[2]).toMatchObject({ type: 'text', context: { id: template }, text: { body: 'where is it?' } });
  });

  it('failWith makes accepted sends end in a failed status and keeps them out of the ledger', async () => {
    sim.customer('16505550000', { failWith: 131026 });
    const wamid = wamidOf(await postMessage(sim, templateBody('16505550000', 'hello_world', 'en_US')));
    await sim.idle();
    expect(receiver.statuses().filter((s) => s.id === wamid)).toEqual([
      expect.objectContaining({ status: 'failed', errors: [expect.objectContaining({ code: 131026, title: 'Message undeliverable' })] }),
    ]);
    expect(sim.ledger()).toHaveLength(0);
  });

  it('readReceipts: false suppresses read statuses', async () => {
    sim.customer('16505550001', { readReceipts: false });
    const wamid = wamidOf(await postMessage(sim, templateBody('16505550001', 'hello_world', 'en_US')));
    await sim.idle();
    expect(
      receiver
        .statuses()
        .filter((s) => s.id === wamid)
        .map((s) => s.status),
    ).toEqual(['sent', 'delivered']);
  });

  it('random customers greet and answer what they receive', async () => {
    const [first, second] = sim.randomCustomers({ count: 2, replyProbability: 1, replyDelayMs: [0, 5], greet: true });
    expect(first?.waId).not.toBe(second?.waId);
    const buttons = wamidOf(
      await postMessage(
        sim,
        buttonsBody(first?.waId ?? '', [
          { id: 'a', title: 'A' },
          { id: 'b', title: 'B' },
        ]),
      ),
    );
    const text = wamidOf(await postMessage(sim, textBody(second?.waId ?? '', 'How can we help?')));
    await sim.idle();

    const messages = receiver.messages();
    expect(messages.filter((m) => m.type === 'text' && !m.context && [first?.waId, second?.waId].includes(m.from as string)).length).toBeGreaterThanOrEqual(2);
    expect(messages.find((m) => (m.context as { id?: string } | undefined)?.id === buttons)).toMatchObject({ type: 'interactive', from: first?.waId });
    // The second customer greeted, then answered the text (quoting it or not).
    const fromSecond = messages.filter((m) => m.from === second?.waId);
    expect(fromSecond).toHaveLength(2);
    expect(fromSecond[1]?.type).toBe('text');
    // It may or may not quote the message it answers.
    expect(fromSecond[1]?.context ?? { from: '15550783881', id: text }).toEqual({ from: '15550783881', id: text });
  });
});
