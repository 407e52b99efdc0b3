import { readFileSync } from 'node:fs';
import { startSendbook, type Sendbook } from '../support/sendbook.js';
import { waitFor } from '../support/wait-for.js';
import { postWebhook } from '../webhooks/webhook-support.js';
import { inbound } from './conversation-support.js';

/** Meta's documented smb_message_echoes example: a text sent from the WhatsApp Business app to 16505551234. */
const META_EXAMPLE = readFileSync(new URL('../../libs/whatsapp/fixtures/smb-message-echoes-text-meta-docs.json', import.meta.url));
const EXAMPLE_WAMID = 'wamid.HBgLMTY0NjcwNDM1OTUVAgARGBIyNDlBOEI5QUQ4NDc0N0FCNjMA';

/** An smb_message_echoes POST with these echoes, as Meta sends it. */
function echoes(items: Record<string, unknown>[]): string {
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550783881', phone_number_id: '106540352242922' },
              message_echoes: items,
            },
            field: 'smb_message_echoes',
          },
        ],
      },
    ],
  });
}

/**
 * Messages sent from the WhatsApp Business app on a coexistence number reach Sendbook as
 * smb_message_echoes: each is shown once in its thread as outbound and sent from the phone, makes
 * the thread active, is not unread, opens no window, and is never picked up by the sender.
 */
describe('smb_message_echoes: what the business sent from the WhatsApp Business app', () => {
  let sb: Sendbook;
  beforeAll(async () => {
    sb = await startSendbook();
  });
  afterAll(() => sb.close());

  type Entry = { direction: string; at: string; echo?: Record<string, unknown> };
  const thread = async (id: string) =>
    (await sb.api().get(`/v1/conversations/${id}`).expect(200)).body as { conversation: Record<string, unknown>; timeline: Entry[] };
  const processed = () =>
    waitFor(async () => (await sb.dataSource.query(`SELECT 1 FROM webhook_deliveries WHERE state <> 'processed'`)).length === 0, {
      what: 'webhooks processed',
    });

  it("Meta's example: the thread shows it as outbound, sent from the phone; a redelivery adds nothing", async () => {
    expect((await postWebhook(sb.url, META_EXAMPLE)).status).toBe(200);
    let conversationId: string | undefined;
    await waitFor(
      async () => {
        conversationId = (await sb.dataSource.query(`SELECT conversation_id FROM message_echoes WHERE wamid = $1`, [EXAMPLE_WAMID]))[0]?.conversation_id;
        return conversationId !== undefined;
      },
      { what: 'the echo stored' },
    );
    const { conversation, timeline } = await thread(conversationId!);
    expect(conversation).toMatchObject({ contact: { wa_id: '16505551234' }, unread_count: 0, window_open: false, window_open_until: null });
    expect(conversation.last_activity_at).toBe(new Date(1739321024 * 1000).toISOString());
    expect(timeline).toEqual([
      {
        direction: 'echo',
        at: new Date(1739321024 * 1000).toISOString(),
        echo: expect.objectContaining({
          wamid: EXAMPLE_WAMID,
          source: 'whatsapp_business_app',
          phone_number_id: '106540352242922',
          conversation_id: conversationId,
          to: '16505551234',
          type: 'text',
          text: "Here's the info you requested! https://www.meta.com/quest/quest-3/",
        }),
      },
    ]);

    // Meta redelivers the same POST, and the same echo in a different batch: still one.
    expect((await postWebhook(sb.url, META_EXAMPLE)).status).toBe(200);
    const [example] = (JSON.parse(META_EXAMPLE.toString('utf8')) as { entry: { changes: { value: { message_echoes: Record<string, unknown>[] } }[] }[] })
      .entry[0]!.changes[0]!.value.message_echoes;
    expect(
      (
        await postWebhook(
          sb.url,
          echoes([
            { ...example! },
            { from: '15550783881', to: '16505551235', id: 'wamid.ECHO.other', timestamp: '1739321100', type: 'text', text: { body: 'x' } },
          ]),
        )
      ).status,
    ).toBe(200);
    await waitFor(async () => (await sb.dataSource.query(`SELECT 1 FROM message_echoes WHERE wamid = 'wamid.ECHO.other'`)).length === 1, {
      what: 'the other echo',
    });
    await processed();
    expect(await sb.dataSource.query(`SELECT count(*)::int AS n FROM message_echoes WHERE wamid = $1`, [EXAMPLE_WAMID])).toEqual([{ n: 1 }]);
    expect((await thread(conversationId!)).timeline).toHaveLength(1);
    // Never an outbox row: nothing for the sender to pick up.
    expect(await sb.dataSource.query(`SELECT count(*)::int AS n FROM outbound_messages`)).toEqual([{ n: 0 }]);
    expect(sb.sim.acceptedMessages()).toEqual([]);
  });

  it('in a thread with the customer: among their messages, the thread active, unread and window left as they were', async () => {
    const customer = sb.sim.customer('16505550901', { name: 'Noa' });
    const hello = await inbound(sb, customer.sendText('Do you deliver on Sundays?'));
    const id = String(hello.conversation_id);
    await sb.api().post(`/v1/conversations/${id}/seen`).expect(200);
    const before = (await thread(id)).conversation;

    const sentAt = Math.floor(Date.now() / 1000) + 1;
    expect(
      (
        await postWebhook(
          sb.url,
          echoes([
            { from: '15550783881', to: '+1 650-555-0901', id: 'wamid.ECHO.sunday', timestamp: String(sentAt), type: 'text', text: { body: 'Yes, until 2pm.' } },
          ]),
        )
      ).status,
    ).toBe(200);
    await waitFor(async () => (await thread(id)).timeline.some((e) => e.direction === 'echo'), { what: 'the echo in the thread' });
    const { conversation, timeline } = await thread(id);
    expect(timeline.map((e) => e.direction)).toEqual(['inbound', 'echo']);
    expect(timeline[1]!.echo).toMatchObject({ text: 'Yes, until 2pm.', to: '16505550901', source: 'whatsapp_business_app' });
    expect(conversation.unread_count).toBe(0);
    expect(conversation.window_open_until).toBe(before.window_open_until);
    expect(conversation.last_inbound_at).toBe(before.last_inbound_at);
    expect(Date.parse(conversation.last_activity_at as string)).toBeGreaterThan(Date.parse(before.last_activity_at as string));
    // The list says what was said last: the answer from the phone.
    const listed = (await sb.api().get('/v1/conversations?q=16505550901').expect(200)).body.data as { id: string; last_message: Entry | null }[];
    expect(listed.find((c) => c.id === id)?.last_message).toMatchObject({ direction: 'echo', echo: { text: 'Yes, until 2pm.' } });
  });
});
