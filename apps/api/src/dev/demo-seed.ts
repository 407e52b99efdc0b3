import type { Simulator } from '@sendbook/simulator';

/**
 * Threads a newcomer sees working in the first minute of `npm start`, made the way production
 * makes them: the order system's REST calls and the customers' replies, through the simulator.
 * Runs once per database (the first message's dedupe key says whether it ran).
 */
export async function seedDemo({ apiUrl, apiKey, sim, log }: { apiUrl: string; apiKey: string; sim: Simulator; log: (line: string) => void }): Promise<void> {
  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${apiUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as Record<string, never>;
  };
  const existing = await api('GET', '/v1/messages?dedupe_key=demo:ada:appointment');
  if ((existing.data as unknown[]).length > 0) return;

  /** Enqueues like an order system and waits until Meta (the simulator) took it. */
  const send = async (key: string, to: string, purpose: string, triggerRef: string, payload: unknown): Promise<string> => {
    const { message } = await api('POST', '/v1/messages', { dedupe_key: `demo:${key}`, to: `+${to}`, purpose, trigger_ref: triggerRef, payload });
    const id = (message as { id: string }).id;
    return until(async () => ((await api('GET', `/v1/messages/${id}`)).message as { wamid: string | null }).wamid, `demo message ${key} to be sent`);
  };
  /** Waits until the API stored (and attributed) a message the customer sent, by its wamid. */
  const stored = (wamid: string) =>
    until(
      async () =>
        ((await api('GET', '/v1/inbound?limit=100')).data as { wamid: string; conversation_id: string | null }[]).find(
          (m) => m.wamid === wamid && m.conversation_id,
        ) ?? null,
      `message ${wamid} to arrive`,
    );
  const template = (name: string, components: unknown[]) => ({ type: 'template', template: { name, language: { code: 'en' }, components } });
  const shipped = (first: string, order: string, day: string) =>
    template('order_shipped', [{ type: 'body', parameters: [first, order, day].map((text) => ({ type: 'text', text })) }]);
  const buttons = (text: string, choices: [string, string][]) => ({
    type: 'interactive',
    interactive: { type: 'button', body: { text }, action: { buttons: choices.map(([id, title]) => ({ type: 'reply', reply: { id, title } })) } },
  });

  // Ada confirms her appointment with the template's quick reply, then asks something.
  const ada = sim.customer('16505550101', { name: 'Ada Okafor' });
  const reminder = await send(
    'ada:appointment',
    ada.waId,
    'appointment_reminder',
    'appointments/A-1042',
    template('appointment_reminder', [
      { type: 'header', parameters: [{ type: 'text', parameter_name: 'first_name', text: 'Ada' }] },
      {
        type: 'body',
        parameters: [
          { type: 'text', parameter_name: 'day', text: 'Thursday' },
          { type: 'text', parameter_name: 'time', text: '10:30' },
        ],
      },
    ]),
  );
  ada.tapQuickReply(reminder, 'Yes', 'Yes');
  await pause(300);
  ada.sendText('Great — can I bring my dog along?');

  // Ben asks about his order (buttons need his 24 h window open), picks a slot with a button, and it ships.
  const ben = sim.customer('16505550102', { name: 'Ben Castillo' });
  await stored(ben.sendText('Hi! When will order 44812 arrive?'));
  const slots = await send(
    'ben:slot',
    ben.waId,
    'delivery_slot',
    'orders/44812',
    buttons('When should we deliver order 44812?', [
      ['slot_am', 'Tomorrow 9–12'],
      ['slot_pm', 'Tomorrow 13–17'],
    ]),
  );
  ben.replyButton(slots, 'slot_am', 'Tomorrow 9–12');
  const benShipped = await send('ben:shipped', ben.waId, 'order_shipped', 'orders/44812', shipped('Ben', '44812', 'Friday'));
  // A reaction sits on the message it reacts to.
  ben.react(benShipped, '👍');

  // Chloe wrote two days ago: her window is closed, so only a template can reach her now.
  const chloe = sim.customer('16505550103', { name: 'Chloé Martin' });
  const now = sim.clock.now();
  sim.clock.set(now - 2 * 86_400_000);
  chloe.sendImage('This one, in M');
  const chloeAsked = chloe.sendText('Is the blue linen shirt back in stock in M?');
  await sim.idle();
  sim.clock.set(now);
  await stored(chloeAsked);

  // Dev asks about offers; Meta refuses to deliver the marketing template (131049, ecosystem limits).
  const dev = sim.customer('16505550104', { name: 'Dev Patel', failWith: 131049 });
  await stored(dev.sendText('Any discounts this week?'));
  await send(
    'dev:sale',
    dev.waId,
    'marketing',
    'campaigns/spring-2026',
    template('spring_sale', [
      {
        type: 'body',
        parameters: [
          { type: 'text', text: 'Dev' },
          { type: 'text', text: '20%' },
        ],
      },
    ]),
  );
  // A private note: for the team, never sent to Dev.
  const devThread = await until(
    async () => ((await api('GET', `/v1/conversations?q=${dev.waId}`)).data as { id: string }[])[0]?.id ?? null,
    "Dev's conversation",
  );
  await api('POST', `/v1/conversations/${devThread}/notes`, {
    text: 'Meta holds back marketing to Dev for now (131049). He asked about discounts: tell him when he next writes.',
  });

  // Eve answers "yes" with two questions open and no quote: nobody can tell which, so a person decides.
  const eve = sim.customer('16505550105', { name: 'Eve Nakamura' });
  await stored(eve.sendText('Order 45001 is a present for my sister'));
  await send(
    'eve:gift',
    eve.waId,
    'gift_wrap',
    'orders/45001',
    buttons('Shall we gift-wrap order 45001?', [
      ['wrap_yes', 'Yes, wrap it'],
      ['wrap_no', 'No thanks'],
    ]),
  );
  await send(
    'eve:card',
    eve.waId,
    'gift_card',
    'orders/45001',
    buttons('Add a handwritten card?', [
      ['card_yes', 'Yes'],
      ['card_no', 'No'],
    ]),
  );
  eve.sendText('yes please!');

  await sim.idle();
  log('  Demo threads          Ada, Ben, Chloé (window closed), Dev (failed), Eve (unattributed reply): sign in to the inbox');
}

/** One user gets at most one message per 6 s, so a second message to the same person waits its turn. */
async function until<T>(read: () => Promise<T | null>, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== null && value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await pause(100);
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
