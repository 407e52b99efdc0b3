import type { Browser, Page } from 'playwright-core';
import request from 'supertest';
import { buttonsPayload, inbound, sendTo } from '../conversations/conversation-support.js';
import { conversationOf, enqueued, postStatus, received, recordStates } from '../support/agent-inbox.js';
import { launchBrowser } from '../support/browser.js';
import { startInbox, type InboxServer } from '../support/inbox-server.js';
import { ADMIN_ENV, alertSaying, assertLocalOnly, description, look, openPage, screenshot, signIn, where, type InboxPage } from '../support/inbox-browser.js';
import { seedLongThread } from '../support/long-thread.js';
import { startSendbook, type Sendbook } from '../support/sendbook.js';
import { startTcpProxy } from '../support/tcp-proxy.js';
import { createStaff, type StaffLogin } from '../support/staff.js';
import { TEST_SECRETS } from '../support/test-env.js';
import { waitFor } from '../support/wait-for.js';

/**
 * The inbox as an agent uses it all day, on the real API, PostgreSQL, Redis and the simulator:
 * replies in context, one send per press, ticks that never step back, the template picker when the
 * window is closed, a 5,000-message thread, drafts, a dropped live connection, a session that ends.
 */
describe('the agents’ inbox', () => {
  let sb: Sendbook;
  let inbox: InboxServer;
  let browser: Browser;
  let agent: StaffLogin;
  let tab: InboxPage;
  const open = async (conversationId: string) => {
    await tab.page.goto(`${inbox.url}/conversations/${conversationId}`);
    const log = tab.page.getByRole('log', { name: 'Messages' });
    await log.waitFor();
    return log;
  };
  const messageBox = (page: Page) => page.getByRole('textbox', { name: 'Message', exact: true });

  beforeAll(async () => {
    sb = await startSendbook({ app: { env: { ...ADMIN_ENV, MARK_READ_ON_OPEN: 'false' } } });
    agent = await createStaff(sb, 'agent', 'Rosa Díaz');
    inbox = await startInbox(sb.url);
    browser = await launchBrowser();
    tab = await openPage(browser);
    await tab.page.goto(`${inbox.url}/login`);
    await signIn(tab.page, agent);
  }, 120_000);
  afterAll(async () => {
    await tab?.close();
    await browser?.close();
    await inbox?.close();
    await sb?.close();
  });
  afterEach(() => assertLocalOnly(tab.outside));

  it('a button choice sits under, and quotes, the message it answers; a double Enter sends one reply', async () => {
    const ben = sb.sim.customer('972502220001', { name: 'Ben Amar' });
    await inbound(sb, ben.sendText('Hi, can I change my delivery slot?'));
    const offer = await sendTo(sb, ben.waId, buttonsPayload('Friday 10:00–12:00 then?'), 'delivery_slot');
    await inbound(sb, ben.reply(offer.wamid, 'Yes'));
    const id = await conversationOf(sb, ben.waId);

    const { page } = tab;
    const log = await open(id);
    const choice = log.getByRole('article').filter({ hasText: 'Chose Yes' });
    await choice.waitFor();
    await expect(choice.locator('blockquote').textContent()).resolves.toContain('Friday 10:00–12:00 then?');
    await expect(choice.textContent()).resolves.toContain('confirm'); // the choice's id, what systems act on
    // Under the message it answers: the offer comes first in the log.
    const keys = await log.getByRole('article').evaluateAll((articles) => articles.map((a) => (a as unknown as { dataset: { key: string } }).dataset.key));
    const offerArticle = log.getByRole('article').filter({ hasText: 'Friday 10:00–12:00 then?' }).filter({ hasNotText: 'Chose' });
    const offerKey = await offerArticle.getAttribute('data-key');
    expect(keys.indexOf(offerKey!)).toBeLessThan(keys.indexOf((await choice.getAttribute('data-key'))!));
    // The quote jumps to it.
    await choice.locator('blockquote').getByRole('button').click();
    await waitFor(
      async () =>
        (await page.evaluate(() =>
          (globalThis as unknown as { document: { activeElement: { getAttribute(n: string): string | null } | null } }).document.activeElement?.getAttribute(
            'data-key',
          ),
        )) === offerKey,
      { what: 'focus on the quoted message' },
    );
    await look(page, 'agent-thread-choice');

    // Reply to the choice, pressing Enter twice as fast as a keyboard repeats.
    await choice.getByRole('button', { name: 'Reply to this message' }).click();
    await expect(page.getByText('Replying to').count()).resolves.toBe(1);
    const box = messageBox(page);
    await box.fill('Booked: Friday 10:00–12:00.');
    await box.press('Enter');
    await box.press('Enter');
    const reply = log.getByRole('article').filter({ hasText: 'Booked: Friday 10:00–12:00.' });
    await reply.waitFor();
    await expect(reply.locator('blockquote').textContent()).resolves.toContain('Yes');
    await waitFor(() => received(sb, ben.waId, 'Booked: Friday') >= 1, { what: 'the reply on the phone' });
    await sb.sim.idle();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(received(sb, ben.waId, 'Booked: Friday')).toBe(1);
    await expect(enqueued(sb, ben.waId, 'Booked: Friday')).resolves.toBe(1);
    await expect(box.inputValue()).resolves.toBe('');
    // The reply answers the customer's choice on their phone too.
    expect(sb.sim.ledger({ to: ben.waId }).find((e) => JSON.stringify(e.body).includes('Booked'))?.contextMessageId).toMatch(/^wamid\./);

    // A reaction sits on its message; a photo shows as the picture, with its type, caption and a download.
    await inbound(sb, ben.react(offer.wamid, '👍'));
    await offerArticle.getByRole('img', { name: 'Customer reacted 👍' }).waitFor({ timeout: 10_000 });
    await inbound(sb, ben.sendImage('the door code is 4411'));
    const photo = log.getByRole('article').filter({ hasText: 'the door code is 4411' });
    await photo.waitFor({ timeout: 10_000 });
    await expect(photo.textContent()).resolves.toContain('image/png');
    const picture = photo.getByRole('img', { name: 'Photo from Ben Amar' });
    await waitFor(
      () =>
        picture.evaluate(
          (img) => (img as unknown as { complete: boolean; naturalWidth: number }).complete && (img as unknown as { naturalWidth: number }).naturalWidth > 0,
        ),
      { what: "the photo's pixels, from the simulator through the API" },
    );
    const href = await photo.getByRole('link', { name: 'Download Photo' }).getAttribute('href');
    const download = await page.evaluate(async (url) => {
      const response = await fetch(url);
      return { status: response.status, type: response.headers.get('content-type') };
    }, href!);
    expect(download).toEqual({ status: 200, type: 'image/png' });
    await look(page, 'agent-thread-replied');

    // A week on, Meta no longer has a photo: the thread says so rather than showing a broken image.
    const oldWamid = ben.sendImage('an old photo');
    const oldMedia = (sb.sim.inboundMessages().find((m) => m.wamid === oldWamid)!.message.image as { id: string }).id;
    expect(sb.sim.expireMedia(oldMedia)).toBe(true);
    await inbound(sb, oldWamid);
    const expired = log.getByRole('article').filter({ hasText: 'an old photo' });
    await expired.getByRole('note').filter({ hasText: 'WhatsApp did not give us this picture' }).waitFor({ timeout: 10_000 });
    await expect(expired.getByRole('img', { name: 'Photo from Ben Amar' }).count()).resolves.toBe(0);
    await expect(expired.getByRole('link', { name: 'Download Photo' }).count()).resolves.toBe(0);
  });

  it('a tick moves to Read without a reload, and a late Delivered does not move it back', async () => {
    const chen = sb.sim.customer('972502220002', { name: 'Chen Wei', readReceipts: false });
    await inbound(sb, chen.sendText('Is my parcel out yet?'));
    const sent = await sendTo(sb, chen.waId, { type: 'text', text: { body: 'Out for delivery today.' } }, 'order_update');
    await waitFor(async () => (await sb.api().get(`/v1/messages/${sent.id}`).expect(200)).body.message.state === 'delivered', { what: 'delivered' });
    const id = await conversationOf(sb, chen.waId);

    const { page } = tab;
    const log = await open(id);
    const article = log.getByRole('article').filter({ hasText: 'Out for delivery today.' });
    await article.waitFor();
    await expect(description(page, article)).resolves.toBe('Delivered');
    const states = await recordStates(page, log, 'Out for delivery today.');

    await postStatus(sb, sent.wamid, 'read', chen.waId);
    await waitFor(async () => (await description(page, article)) === 'Read', { what: 'Read on screen', timeoutMs: 15_000 });
    await postStatus(sb, sent.wamid, 'delivered', chen.waId, Math.floor(Date.now() / 1000) - 30);
    // The late status is processed (its event reaches the page and the thread refetches)…
    await waitFor(
      async () => ((await sb.dataSource.query(`SELECT count(*)::int AS n FROM webhook_deliveries WHERE state = 'received'`)) as { n: number }[])[0]!.n === 0,
      { what: 'the late webhook processed' },
    );
    await new Promise((resolve) => setTimeout(resolve, 2000));
    // …and the article went Delivered → Read, never back.
    await expect(states()).resolves.toEqual(['Delivered', 'Read']);
    await expect(description(page, article)).resolves.toBe('Read');
    await look(page, 'agent-thread-read');
  });

  it('a closed window turns the composer into the template picker, which refuses a missing parameter and sends once', async () => {
    const dina = sb.sim.customer('972502220003', { name: 'Dina Katz' });
    const opened = await sb
      .api()
      .post('/v1/conversations')
      .send({ to: `+${dina.waId}` })
      .expect((res) => expect([200, 201]).toContain(res.status));
    const id = opened.body.conversation.id as string;

    const { page } = tab;
    await open(id);
    await expect(page.getByRole('textbox', { name: 'Message', exact: true, disabled: false }).count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Template', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Send a template' });
    await dialog.waitFor();
    // A visible way out: the × closes it, and it opens again.
    await dialog.getByRole('button', { name: 'Close dialog' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Template', exact: true }).click();
    await dialog.waitFor();
    await dialog.getByRole('searchbox', { name: 'Search templates' }).fill('shipped');
    await dialog.getByRole('button', { name: /order_shipped/ }).click();
    await dialog.getByRole('textbox', { name: 'Body {{1}}' }).fill('Dina');
    await dialog.getByRole('textbox', { name: 'Body {{2}}' }).fill('44812');
    const third = dialog.getByRole('textbox', { name: 'Body {{3}}' });
    await third.fill('x');
    await third.fill('');
    await dialog.getByText('Body {{3}}: needed').waitFor();
    const send = dialog.getByRole('button', { name: 'Send template' });
    await expect(send.isDisabled()).resolves.toBe(true);
    await expect(dialog.getByRole('region', { name: 'Preview' }).textContent()).resolves.toContain(
      'Hi Dina, your order 44812 has shipped and should arrive by {{3}}.',
    );
    await look(page, 'agent-template-picker-invalid');

    await third.fill('Thursday');
    await waitFor(async () => !(await send.isDisabled()), { what: 'Send template enabled' });
    await expect(dialog.getByRole('region', { name: 'Preview' }).textContent()).resolves.toContain('arrive by Thursday.');
    await look(page, 'agent-template-picker-valid');
    await send.dblclick();
    await dialog.waitFor({ state: 'detached' });
    const log = page.getByRole('log', { name: 'Messages' });
    await log.getByRole('article').filter({ hasText: 'arrive by Thursday.' }).waitFor();
    await waitFor(() => received(sb, dina.waId, 'Thursday') >= 1, { what: 'the template on the phone' });
    await sb.sim.idle();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(received(sb, dina.waId, 'Thursday')).toBe(1);
    await expect(enqueued(sb, dina.waId, 'Thursday')).resolves.toBe(1);
    await look(page, 'agent-thread-template-sent');
  });

  it('every outbound state in its own word, mark and reason: queued and why, sending unknown, held and why, failed with Meta’s reason', async () => {
    const ivy = sb.sim.customer('972502220009', { name: 'Ivy Chen' });
    await inbound(sb, ivy.sendText('What happened to my messages?'));
    const id = await conversationOf(sb, ivy.waId);
    // Rows as the outbox leaves them in each state (a factory: the states themselves are the outbox's tests).
    const error = (code: number, title: string) => JSON.stringify({ code, title, message: title, details: null });
    const rows: [string, string, Record<string, string | null>][] = [
      ['queued', 'waits for its time', { not_before: "now() + interval '3 hours'" }],
      ['sending', 'outcome unknown', { sending_started_at: "now() - interval '5 minutes'" }],
      ['held', 'held for a person', { last_error: `'${error(131047, 'Re-engagement message')}'::jsonb` }],
      ['accepted', 'taken by Meta', { accepted_at: 'now()' }],
      ['sent', 'one tick', { accepted_at: 'now()', sent_at: 'now()' }],
      ['delivered', 'two ticks', { accepted_at: 'now()', sent_at: 'now()', delivered_at: 'now()' }],
      ['read', 'blue ticks', { accepted_at: 'now()', sent_at: 'now()', delivered_at: 'now()', read_at: 'now()' }],
      ['played', 'voice played', { accepted_at: 'now()', sent_at: 'now()', delivered_at: 'now()', read_at: 'now()', played_at: 'now()' }],
      ['failed', 'never arrived', { failed_at: 'now()', last_error: `'${error(131026, 'Message undeliverable')}'::jsonb` }],
      ['cancelled', 'cancelled by hand', { cancelled_at: 'now()' }],
    ];
    let i = 0;
    for (const [state, body, columns] of rows) {
      i += 1;
      const names = Object.keys(columns);
      await sb.dataSource.query(
        `INSERT INTO outbound_messages (dedupe_key, "to", to_wa_id, purpose, payload, content_hash, phone_number_id, state, wamid, retain_until, created_at, updated_at${names.map((n) => `, ${n}`).join('')})
         VALUES ($1, $2, $3, 'order_update', $4, $1, $5, $6, $7, now() + interval '90 days', now() + ($8 || ' milliseconds')::interval, now()${names.map((n) => `, ${columns[n]}`).join('')})`,
        [
          `states-${state}`,
          `+${ivy.waId}`,
          ivy.waId,
          JSON.stringify({ type: 'text', text: { body: `${state}: ${body}` } }),
          TEST_SECRETS.phoneNumberId,
          state,
          state === 'queued' || state === 'held' ? null : `wamid.STATES.${state}`,
          String(i * 10),
        ],
      );
    }
    const { page } = tab;
    const log = await open(id);
    for (const [state, body] of rows) {
      const article = log.getByRole('article').filter({ hasText: `${state}: ${body}` });
      await article.waitFor();
      await expect(description(page, article)).resolves.toBe(state[0]!.toUpperCase() + state.slice(1));
    }
    await expect(log.getByRole('article').filter({ hasText: 'queued: ' }).textContent()).resolves.toMatch(/Scheduled for .*\(in (2|3) h/);
    await expect(log.getByRole('article').filter({ hasText: 'sending: ' }).textContent()).resolves.toContain('whether it went is not known yet');
    await expect(log.getByRole('article').filter({ hasText: 'held: ' }).textContent()).resolves.toContain('Held, not sent');
    await expect(log.getByRole('article').filter({ hasText: 'failed: ' }).textContent()).resolves.toMatch(/Not delivered: .*\(131026\)/);
    await look(page, 'agent-thread-states');
  });

  it('a 5,000-message thread keeps fewer than 300 messages in the DOM, and scrolls back to the very first', async () => {
    const long = await seedLongThread(sb, '972502220004', 5000);
    const { page } = tab;
    const log = await open(long.conversationId);
    await log.getByRole('article').first().waitFor();
    const articles = () => log.getByRole('article').count();
    await expect(articles()).resolves.toBeLessThan(300);
    await look(page, 'agent-thread-long');

    let most = 0;
    const started = Date.now();
    const deadline = started + 150_000;
    // As a person does it: the pointer over the thread once, then the wheel. (Hovering again each
    // turn waited for the list to be still between two frames, which a busy machine can deny for 30 s.)
    const box = await log.boundingBox();
    if (!box) throw new Error('the thread is not on screen');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    while (!(await log.getByText('The start of your conversation').count())) {
      if (Date.now() > deadline)
        throw new Error(`never reached the start of the thread; the first article on screen: ${await log.getByRole('article').first().textContent()}`);
      await page.mouse.wheel(0, -4000);
      await new Promise((resolve) => setTimeout(resolve, 100));
      most = Math.max(most, await articles());
    }
    // The oldest entry: the seed's first customer message (the real one that opened it is the newest).
    const oldest = log.getByRole('article').filter({ has: page.getByText('customer message 1', { exact: true }) });
    await oldest.waitFor();
    await expect(oldest.getAttribute('data-key')).resolves.toBe(await log.getByRole('article').first().getAttribute('data-key'));
    most = Math.max(most, await articles());
    expect(most).toBeLessThan(300);
    console.log(`scrolled back through 5,000 messages in ${Date.now() - started} ms, at most ${most} articles in the DOM`);
    await look(page, 'agent-thread-long-start');

    // Reading history when a new message comes: the view stays, a pill says so, and takes you there.
    const firstOnScreen = await log.getByRole('article').first().getAttribute('data-key');
    await inbound(sb, sb.sim.customer(long.waId).sendText('a new message while you read'));
    const pill = page.getByRole('button', { name: '1 new message' });
    await pill.waitFor({ timeout: 15_000 }).catch(async (error: unknown) => {
      await screenshot(page, 'debug-pill');
      throw error;
    });
    await expect(log.getByRole('article').first().getAttribute('data-key')).resolves.toBe(firstOnScreen);
    await look(page, 'agent-thread-new-messages-pill');
    await pill.click();
    await log.getByRole('article').filter({ hasText: 'a new message while you read' }).waitFor();
    await pill.waitFor({ state: 'detached' });

    // A reply quoting a message 5,000 back: the quote loads the pages before until it is there, and jumps to it.
    const [{ id: firstReply }] = (await sb.dataSource.query(`SELECT id FROM outbound_messages WHERE wamid = $1`, [`wamid.SEED.OUT.${long.waId}.1`])) as {
      id: string;
    }[];
    await inbound(sb, sb.sim.customer(long.waId).sendText('about your very first reply', { contextWamid: `wamid.SEED.OUT.${long.waId}.1` }));
    const again = await open(long.conversationId);
    const quoting = again.getByRole('article').filter({ hasText: 'about your very first reply' });
    await quoting.getByRole('button', { name: 'An earlier message: show it' }).click();
    await waitFor(
      async () =>
        (await page.evaluate(() =>
          (globalThis as unknown as { document: { activeElement: { getAttribute(n: string): string | null } | null } }).document.activeElement?.getAttribute(
            'data-key',
          ),
        )) === `out-${firstReply}`,
      { what: 'the quoted message, 5,000 back, focused', timeoutMs: 120_000 },
    );
    await expect(
      again
        .getByRole('article')
        .filter({ has: page.getByText('our reply 1', { exact: true }) })
        .count(),
    ).resolves.toBe(1);
    expect(await again.getByRole('article').count()).toBeLessThan(300);
    await look(page, 'agent-thread-found-quote');
  }, 360_000);

  it('a draft survives navigation and a reload, and never shows in another conversation', async () => {
    const eva = sb.sim.customer('972502220005', { name: 'Eva Stern' });
    const fay = sb.sim.customer('972502220006', { name: 'Fay Cohen' });
    await inbound(sb, eva.sendText('Do you ship to Haifa?'));
    await inbound(sb, fay.sendText('Hello?'));
    const evaId = await conversationOf(sb, eva.waId);
    const fayId = await conversationOf(sb, fay.waId);

    const { page } = tab;
    await open(evaId);
    await messageBox(page).fill('Yes, we ship to Haifa in');
    await page.getByRole('link', { name: /Fay Cohen/ }).click();
    await page.waitForURL((url) => url.pathname === `/conversations/${fayId}`);
    await page.getByRole('heading', { name: 'Fay Cohen' }).waitFor();
    await expect(messageBox(page).inputValue()).resolves.toBe('');
    await page.getByRole('link', { name: /Eva Stern/ }).click();
    await page.waitForURL((url) => url.pathname === `/conversations/${evaId}`);
    await waitFor(async () => (await messageBox(page).inputValue()) === 'Yes, we ship to Haifa in', { what: 'the draft back' });
    await page.reload();
    await waitFor(async () => (await messageBox(page).inputValue()) === 'Yes, we ship to Haifa in', { what: 'the draft after a reload' });
    await look(page, 'agent-thread-draft');
    await open(fayId);
    await page.getByRole('heading', { name: 'Fay Cohen' }).waitFor();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(messageBox(page).inputValue()).resolves.toBe('');
    expect(received(sb, eva.waId, 'Haifa in')).toBe(0);

    // Eva writes again while the draft waits: sending asks first, and then sends once.
    await open(evaId);
    await waitFor(async () => (await messageBox(page).inputValue()) === 'Yes, we ship to Haifa in', { what: 'the draft' });
    await inbound(sb, eva.sendText('Actually, to Eilat'));
    await page.getByRole('log', { name: 'Messages' }).getByRole('article').filter({ hasText: 'Actually, to Eilat' }).waitFor({ timeout: 10_000 });
    await messageBox(page).fill('Yes, we ship to Haifa in two days');
    await messageBox(page).press('Enter');
    const warning = alertSaying(page, 'Eva Stern wrote a new message since you started typing.');
    await warning.waitFor();
    expect(received(sb, eva.waId, 'two days')).toBe(0);
    await look(page, 'agent-composer-warning');
    await warning.getByRole('button', { name: 'Send anyway' }).click();
    await page.getByRole('log', { name: 'Messages' }).getByRole('article').filter({ hasText: 'Yes, we ship to Haifa in two days' }).waitFor();
    await waitFor(() => received(sb, eva.waId, 'two days') === 1, { what: 'the reply on the phone' });
    await expect(enqueued(sb, eva.waId, 'two days')).resolves.toBe(1);
  });

  it('the network to the API is cut and restored: every message that came meanwhile appears once, without a reload', async () => {
    const gil = sb.sim.customer('972502220007', { name: 'Gil Navon' });
    await inbound(sb, gil.sendText('message 0'));
    const id = await conversationOf(sb, gil.waId);
    // An inbox of its own, reaching the API through a proxy this test can cut.
    const proxy = await startTcpProxy(sb.url);
    const cutInbox = await startInbox(proxy.url);
    const cut = await openPage(browser);
    try {
      await cut.context.addCookies(await tab.context.cookies());
      const { page } = cut;
      await page.goto(`${cutInbox.url}/conversations/${id}`);
      const log = page.getByRole('log', { name: 'Messages' });
      await log.getByRole('article').filter({ hasText: 'message 0' }).waitFor();
      const live = page.getByRole('status').filter({ hasText: /^(Live|Connecting…|Reconnecting…|Offline)$/ });
      await live.filter({ hasText: 'Live' }).waitFor();

      // Live: a new message arrives without a reload.
      await inbound(sb, gil.sendText('message 1'));
      await log.getByRole('article').filter({ hasText: 'message 1' }).waitFor({ timeout: 10_000 });

      proxy.cut();
      await live.filter({ hasText: 'Reconnecting…' }).waitFor({ timeout: 15_000 });
      for (const n of [2, 3, 4]) await inbound(sb, gil.sendText(`message ${n}`));
      await screenshot(page, 'agent-thread-reconnecting');
      await expect(log.getByRole('article').filter({ hasText: 'message 2' }).count()).resolves.toBe(0);
      proxy.restore();

      await log.getByRole('article').filter({ hasText: 'message 4' }).waitFor({ timeout: 45_000 });
      await live.filter({ hasText: 'Live' }).waitFor({ timeout: 30_000 });
      await new Promise((resolve) => setTimeout(resolve, 1000));
      for (const n of [0, 1, 2, 3, 4])
        await expect(
          log
            .getByRole('article')
            .filter({ hasText: `message ${n}` })
            .count(),
        ).resolves.toBe(1);
      // And still live after the gap.
      await inbound(sb, gil.sendText('message 5'));
      await log.getByRole('article').filter({ hasText: 'message 5' }).waitFor({ timeout: 10_000 });
      await look(page, 'agent-thread-resynced');
      expect(cut.outside).toEqual([]);
    } finally {
      await cut.close();
      await cutInbox.close();
      await proxy.close();
    }
  }, 120_000);

  it('a session that ends mid-reply sends the agent to sign in and back, draft intact', async () => {
    const hana = sb.sim.customer('972502220008', { name: 'Hana Levi' });
    await inbound(sb, hana.sendText('Are you open on Saturday?'));
    const id = await conversationOf(sb, hana.waId);
    const { page } = tab;
    await open(id);
    await messageBox(page).fill('We are closed on Saturdays');
    const setActive = (active: boolean) =>
      request(sb.url).patch(`/v1/staff/${agent.id}`).set('Authorization', `Bearer ${TEST_SECRETS.apiKey}`).send({ active }).expect(200);
    await setActive(false);
    try {
      // The send meets the ended session, unless the live stream (closed by the API at once) got there first.
      await messageBox(page)
        .press('Enter', { timeout: 5000 })
        .catch(() => undefined);
      await page.waitForURL((url) => url.pathname === '/login', { timeout: 15_000 });
      expect(where(page)).toBe(`/login?next=%2Fconversations%2F${id}&reason=session_ended`);
    } finally {
      await setActive(true);
    }
    await signIn(page, agent);
    expect(where(page)).toBe(`/conversations/${id}`);
    await waitFor(async () => (await messageBox(page).inputValue()) === 'We are closed on Saturdays', { what: 'the draft after signing in again' });
    expect(received(sb, hana.waId, 'closed on Saturdays')).toBe(0);
    await expect(alertSaying(page, 'Not sent').count()).resolves.toBe(0);
  });

  it('the list: Mine / Unassigned / All with counts, search, window filter; assign to me and close from the panel, by key', async () => {
    const { page } = tab;
    const id = await conversationOf(sb, '972502220001');
    await page.setViewportSize({ width: 1500, height: 900 });
    await open(id);
    const panel = page.getByRole('complementary', { name: 'Contact' });
    await panel.waitFor();
    await panel.getByText('Nobody yet').waitFor();
    await page.getByRole('log', { name: 'Messages' }).focus();
    await page.keyboard.press('a');
    await panel.getByText('You (Rosa Díaz)').waitFor();
    await waitFor(async () => /Mine\W*1\b/.test((await page.getByRole('group', { name: 'View' }).textContent()) ?? ''), { what: 'Mine counting 1' }).catch(
      async (error) => {
        throw new Error(`${String(error)}; the views say: ${await page.getByRole('group', { name: 'View' }).textContent()}`);
      },
    );
    await look(page, 'agent-thread-panel');

    await page.getByRole('button', { name: /^Mine/ }).click();
    await page.waitForURL((url) => url.searchParams.get('view') === 'mine');
    const list = page.getByRole('list', { name: 'Mine conversations' });
    await waitFor(async () => (await list.getByRole('link').count()) === 1, { what: 'only my conversation under Mine' });
    await list.getByRole('link', { name: /Ben Amar/ }).waitFor();
    // Each row says what was said last: Ben's expired photo, captioned (earlier in this file).
    await expect(list.getByRole('link', { name: /Ben Amar/ }).textContent()).resolves.toContain('Photo: an old photo');
    await page.getByRole('button', { name: /^All/ }).click();
    // Ours in Eva's thread (the composer test), said as ours.
    await page
      .getByRole('link', { name: /Eva Stern/ })
      .filter({ hasText: 'You: Yes, we ship to Haifa in two days' })
      .waitFor();
    // An order system writes to Eva by REST: her row says so without a reload (the list hears only
    // `accepted`, throttled to one refetch in 3 s).
    await sendTo(sb, '972502220005', { type: 'text', text: { body: 'Your parcel left our warehouse' } });
    await page
      .getByRole('link', { name: /Eva Stern/ })
      .filter({ hasText: 'You: Your parcel left our warehouse' })
      .waitFor({ timeout: 10_000 });
    await page.getByRole('searchbox', { name: 'Search by name or number' }).fill('Haifa');
    await page.getByRole('status').filter({ hasText: 'No conversation matches' }).waitFor();
    await page.getByRole('searchbox', { name: 'Search by name or number' }).fill('Eva');
    await page.getByRole('link', { name: /Eva Stern/ }).waitFor();
    await waitFor(async () => (await page.getByRole('list', { name: 'All conversations' }).getByRole('link').count()) === 1, { what: 'one match' });
    await page.getByRole('searchbox', { name: 'Search by name or number' }).fill('');
    await page.getByRole('checkbox', { name: 'Window open' }).check();
    await page.waitForURL((url) => url.searchParams.get('window') === 'open');
    await waitFor(async () => (await page.getByRole('link', { name: /Dina Katz/ }).count()) === 0, { what: 'closed windows filtered out' });
    await look(page, 'agent-list-window-open');
    await page.getByRole('checkbox', { name: 'Window open' }).uncheck();

    // n writes a private note: in the thread, never on the customer's phone.
    await page.getByRole('log', { name: 'Messages' }).focus();
    await page.keyboard.press('n');
    const note = page.getByRole('textbox', { name: 'Private note' });
    await note.fill('Asked for the morning slot twice: keep it.');
    await note.press('Enter');
    await page
      .getByRole('article', { name: /^Private note by Rosa Díaz/ })
      .filter({ hasText: 'keep it.' })
      .waitFor();
    expect(received(sb, '972502220001', 'keep it.')).toBe(0);
    await page.getByRole('button', { name: 'Reply', exact: true }).click();

    // e closes; the palette reopens.
    await page.getByRole('log', { name: 'Messages' }).focus();
    await page.keyboard.press('e');
    const state = panel.getByRole('definition').filter({ hasText: /^(Open|Closed)$/ });
    await state.filter({ hasText: 'Closed' }).waitFor();
    await page.getByRole('link', { name: /Ben Amar/ }).waitFor({ state: 'detached' }); // gone from the open list
    await page.keyboard.press('Control+k');
    await page.keyboard.type('Reopen');
    // Enter runs the selected command: wait until the palette has sorted what was typed.
    await page
      .getByRole('option', { name: /Reopen the conversation/, selected: true })
      .waitFor()
      .catch(async (error: unknown) => {
        await screenshot(page, 'debug-palette');
        throw new Error(`${String(error)}\noptions: ${(await page.getByRole('option').allTextContents()).join(' | ')}`);
      });
    await page.keyboard.press('Enter');
    await state.filter({ hasText: 'Open' }).waitFor();
    await page
      .getByRole('link', { name: /Ben Amar/ })
      .waitFor()
      .catch(async (error: unknown) => {
        await screenshot(page, 'debug-list');
        throw error;
      });

    const dark = await openPage(browser, { colorScheme: 'dark', width: 1500, height: 900 });
    await dark.context.addCookies(await tab.context.cookies());
    await dark.page.goto(`${inbox.url}/conversations/${id}`);
    await dark.page.getByRole('log', { name: 'Messages' }).getByRole('article').first().waitFor();
    await look(dark.page, 'agent-thread-dark');
    expect(dark.outside).toEqual([]);
    await dark.close();
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('on a phone-width screen: the list, then one thread with its composer', async () => {
    const phone = await openPage(browser, { width: 390, height: 844 });
    try {
      await phone.context.addCookies(await tab.context.cookies());
      const { page } = phone;
      await page.goto(`${inbox.url}/conversations`);
      await page.getByRole('link', { name: /Ben Amar/ }).waitFor();
      await look(page, 'agent-phone-list');
      await page.getByRole('link', { name: /Ben Amar/ }).click();
      const log = page.getByRole('log', { name: 'Messages' });
      await log.getByRole('article').first().waitFor();
      await page.getByRole('textbox', { name: 'Message', exact: true }).waitFor();
      await look(page, 'agent-phone-thread');
      await page.getByRole('button', { name: 'Details' }).click();
      await page.getByRole('complementary', { name: 'Contact' }).waitFor();
      await look(page, 'agent-phone-details');
      await page.getByRole('button', { name: 'Close details' }).click();
      await page.getByRole('complementary', { name: 'Contact' }).waitFor({ state: 'hidden' });
      expect(phone.outside).toEqual([]);
    } finally {
      await phone.close();
    }
  });
});
