import { createSimulator } from '../simulator.js';
import type { Simulator } from '../simulator-api.js';
import { bodyParams, buttonsBody, errorCode, postMessage, templateBody, textBody } from '../testing/graph-requests.js';

describe('send validation like the Cloud API', () => {
  let sim: Simulator;

  beforeAll(async () => {
    sim = await createSimulator();
  });

  beforeEach(() => {
    sim.reset();
    sim.customer('16505551234').sendText('hi'); // opens the window for free-form types
  });

  afterAll(async () => {
    await sim.close();
  });

  it("answers an accepted send with Meta's success shape", async () => {
    const answer = await postMessage(sim, textBody('+16505551234', 'Hello'));
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({
      messaging_product: 'whatsapp',
      contacts: [{ input: '+16505551234', wa_id: '16505551234' }],
      messages: [{ id: expect.stringMatching(/^wamid\.[A-Za-z0-9+/=]+$/), message_status: 'accepted' }],
    });
  });

  it('refuses a bad or missing token with 190 and HTTP 401', async () => {
    for (const token of ['wrong', '']) {
      const answer = await postMessage(sim, textBody('16505551234', 'Hello'), { token });
      expect(answer.status).toBe(401);
      expect(answer.json).toEqual({
        error: { message: 'Invalid OAuth access token - Cannot parse access token', type: 'OAuthException', code: 190, fbtrace_id: expect.any(String) },
      });
    }
    expect(sim.ledger()).toHaveLength(0);
    expect(sim.rejections().map((r) => [r.code, r.httpStatus])).toEqual([
      [190, 401],
      [190, 401],
    ]);
  });

  it('refuses an unknown phone number id and an unknown API version', async () => {
    expect(errorCode(await postMessage(sim, textBody('16505551234', 'Hello'), { phoneNumberId: '123' }))).toBe(100);
    expect(errorCode(await postMessage(sim, textBody('16505551234', 'Hello'), { version: 'latest' }))).toBe(2500);
  });

  it('refuses an unknown template with 132001 (HTTP 404)', async () => {
    const answer = await postMessage(sim, templateBody('16505551234', 'no_such_template', 'en'));
    expect(answer.status).toBe(404);
    expect(errorCode(answer)).toBe(132001);
    expect((answer.json.error as { message: string }).message).toBe('(#132001) Template name does not exist in the translation');
    // Known name, unknown language; and a template that is not approved.
    expect(errorCode(await postMessage(sim, templateBody('16505551234', 'hello_world', 'fr')))).toBe(132001);
    expect(errorCode(await postMessage(sim, templateBody('16505551234', 'winter_promo', 'en')))).toBe(132001);
  });

  it('refuses a wrong parameter count with 132000', async () => {
    const tooFew = await postMessage(sim, templateBody('16505551234', 'order_shipped', 'en', bodyParams('Pablo', '44812')));
    expect(errorCode(tooFew)).toBe(132000);
    expect((tooFew.json.error as { error_data: { details: string } }).error_data.details).toBe(
      'body: number of localizable_params (2) does not match the expected number of params (3)',
    );
    expect((await postMessage(sim, templateBody('16505551235', 'order_shipped', 'en', bodyParams('Pablo', '44812', 'Friday')))).status).toBe(200);
    expect(errorCode(await postMessage(sim, templateBody('16505551236', 'hello_world', 'en_US', bodyParams('extra'))))).toBe(132000);
  });

  it('checks named parameters and media headers', async () => {
    const named = (names: string[]) => [
      { type: 'header', parameters: [{ type: 'text', parameter_name: 'first_name', text: 'Pablo' }] },
      { type: 'body', parameters: names.map((n) => ({ type: 'text', parameter_name: n, text: 'x' })) },
    ];
    expect((await postMessage(sim, templateBody('16505550001', 'appointment_reminder', 'en', named(['day', 'time'])))).status).toBe(200);
    expect(errorCode(await postMessage(sim, templateBody('16505550002', 'appointment_reminder', 'en', named(['day', 'hour']))))).toBe(132000);

    const reservation = (header: unknown[]) => [
      { type: 'header', parameters: header },
      { type: 'body', parameters: ['number_of_guests', 'day', 'date', 'time'].map((n) => ({ type: 'text', parameter_name: n, text: '4' })) },
    ];
    expect(
      (await postMessage(sim, templateBody('16505550003', 'reservation_confirmation', 'en_US', reservation([{ type: 'image', image: { id: '287' } }])))).status,
    ).toBe(200);
    expect(errorCode(await postMessage(sim, templateBody('16505550004', 'reservation_confirmation', 'en_US', reservation([]))))).toBe(132000);
  });

  it.each([
    [
      '4 reply buttons',
      buttonsBody(
        '16505551234',
        [1, 2, 3, 4].map((i) => ({ id: `b${i}`, title: `B${i}` })),
      ),
      131009,
      'Buttons count invalid. Min allowed buttons: 1, Max allowed buttons: 3',
    ],
    [
      'a 21-character title',
      buttonsBody('16505551234', [{ id: 'a', title: 'x'.repeat(21) }]),
      131009,
      'Button title length invalid. Min length: 1, Max length: 20',
    ],
    [
      'duplicate button ids',
      buttonsBody('16505551234', [
        { id: 'a', title: 'A' },
        { id: 'a', title: 'B' },
      ]),
      131009,
      'Duplicate buttons ids are not allowed.',
    ],
    [
      'duplicate button titles',
      buttonsBody('16505551234', [
        { id: 'a', title: 'A' },
        { id: 'b', title: 'A' },
      ]),
      131009,
      'Button titles must be unique.',
    ],
    ['a text over 4096 characters', textBody('16505551234', 'x'.repeat(4097)), 100, "Param text['body'] must be at most 4096 characters long."],
    ['a missing text object', { messaging_product: 'whatsapp', to: '16505551234', type: 'text' }, 131008, "Parameter 'text' is required."],
    ['a missing messaging_product', { to: '16505551234', type: 'text', text: { body: 'x' } }, 100, 'The parameter messaging_product is required.'],
    ['a missing to', { messaging_product: 'whatsapp', type: 'text', text: { body: 'x' } }, 100, 'The parameter to is required.'],
    [
      'an unknown type',
      { messaging_product: 'whatsapp', to: '16505551234', type: 'poll', poll: {} },
      100,
      expect.stringContaining('Param type must be one of'),
    ],
    [
      'an image without id or link',
      { messaging_product: 'whatsapp', to: '16505551234', type: 'image', image: {} },
      131008,
      "Parameter 'image.id' or 'image.link' is required.",
    ],
    [
      'biz_opaque_callback_data over 512 characters',
      textBody('16505551234', 'x', { biz_opaque_callback_data: 'x'.repeat(513) }),
      100,
      expect.stringContaining('512'),
    ],
  ])('refuses %s', async (_label, body, code, details) => {
    const answer = await postMessage(sim, body);
    expect(answer.status).toBe(400);
    expect(answer.json.error).toMatchObject({
      code,
      type: 'OAuthException',
      message: expect.stringMatching(new RegExp(`^\\(#${code}\\) `)),
      error_data: { messaging_product: 'whatsapp', details },
    });
    expect(sim.rejections().at(-1)).toMatchObject({ code, cause: 'graph_error' });
    expect(sim.ledger()).toHaveLength(0);
  });

  it('refuses lists over 10 rows and rows with a long title', async () => {
    const list = (rows: Array<{ id: string; title: string }>) => ({
      messaging_product: 'whatsapp',
      to: '16505551234',
      type: 'interactive',
      interactive: { type: 'list', body: { text: 'Choose' }, action: { button: 'Options', sections: [{ title: 'All', rows }] } },
    });
    const eleven = Array.from({ length: 11 }, (_, i) => ({ id: `r${i}`, title: `Row ${i}` }));
    expect((await postMessage(sim, list(eleven))).json.error).toMatchObject({
      code: 131009,
      error_data: { details: 'Total row count exceed max allowed count: 10' },
    });
    expect(errorCode(await postMessage(sim, list([{ id: 'r', title: 'x'.repeat(25) }])))).toBe(131009);
    expect((await postMessage(sim, list(eleven.slice(0, 10)))).status).toBe(200);
  });

  it("accepts Meta's own example requests", async () => {
    const buttons = {
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '+16505551234',
      type: 'interactive',
      interactive: {
        type: 'button',
        header: { type: 'image', image: { id: '2762702990552401' } },
        body: { text: 'Hi Pablo! Your gardening workshop is scheduled for 9am tomorrow.' },
        footer: { text: 'Lucky Shrub: Your gateway to succulents!™' },
        action: {
          buttons: [
            { type: 'reply', reply: { id: 'change-button', title: 'Change' } },
            { type: 'reply', reply: { id: 'cancel-button', title: 'Cancel' } },
          ],
        },
      },
    };
    expect((await postMessage(sim, buttons)).status).toBe(200);
    sim.clock.advance(6000);
    const reaction = {
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '+16505551234',
      type: 'reaction',
      reaction: { message_id: 'wamid.HBgLMTY0NjcwNDM1OTUVAgASGBQzQUZCMTY0MDc2MUYwNzBDNTY5MAA=', emoji: '😀' },
    };
    expect((await postMessage(sim, reaction)).status).toBe(200);
    expect(sim.ledger().map((e) => e.type)).toEqual(['interactive', 'reaction']);
  });

  it('answers mark-as-read with { success: true } and records it apart from sends', async () => {
    const inbound = sim.customer('16505551234').sendText('are you there?');
    const answer = await postMessage(sim, { messaging_product: 'whatsapp', status: 'read', message_id: inbound, typing_indicator: { type: 'text' } });
    expect(answer).toEqual({ status: 200, json: { success: true } });
    expect(sim.readReceipts()).toEqual([expect.objectContaining({ messageId: inbound, known: true, typingIndicator: true })]);
    expect(sim.ledger()).toHaveLength(0);
  });

  it('counts typing indicators apart from plain read receipts, and refuses a kind Meta does not have', async () => {
    const inbound = sim.customer('16505551234').sendText('hello?');
    await postMessage(sim, { messaging_product: 'whatsapp', status: 'read', message_id: inbound });
    await postMessage(sim, { messaging_product: 'whatsapp', status: 'read', message_id: inbound, typing_indicator: { type: 'text' } });
    const refused = await postMessage(sim, { messaging_product: 'whatsapp', status: 'read', message_id: inbound, typing_indicator: { type: 'audio' } });
    expect(refused.status).toBe(400);
    expect(sim.readReceipts()).toHaveLength(2);
    expect(sim.typingIndicators()).toEqual([expect.objectContaining({ messageId: inbound, typingIndicator: true })]);
  });

  it('records the ledger entry fields', async () => {
    const answer = await postMessage(sim, textBody('16505551234', 'Hi', { biz_opaque_callback_data: 'out-1', context: { message_id: 'wamid.ctx' } }));
    expect(sim.ledger()).toEqual([
      {
        wamid: (answer.json.messages as Array<{ id: string }>)[0]?.id,
        phoneNumberId: sim.config().phoneNumbers[0]?.id,
        to: '16505551234',
        recipientUserId: null,
        type: 'text',
        body: textBody('16505551234', 'Hi', { biz_opaque_callback_data: 'out-1', context: { message_id: 'wamid.ctx' } }),
        bizOpaqueCallbackData: 'out-1',
        contextMessageId: 'wamid.ctx',
        acceptedAt: expect.any(Number),
        responseLost: false,
      },
    ]);
    expect(sim.ledgerCountByCallbackData()).toEqual({ 'out-1': 1 });
  });
});
