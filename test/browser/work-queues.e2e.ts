import type { Browser, Page } from 'playwright-core';
import { inbound } from '../conversations/conversation-support.js';
import type { InboxServer } from '../support/inbox-server.js';
import { startInboxStack, type InboxStack } from '../support/inbox-stack.js';
import { assertLocalOnly, look, openPage, signIn, where, type InboxPage } from '../support/inbox-browser.js';
import { messageRequest, type Sendbook } from '../support/sendbook.js';
import { asSession, createStaff, signIn as apiSignIn, type StaffLogin } from '../support/staff.js';
import { waitFor } from '../support/wait-for.js';

/**
 * Staff working the queues in Chromium on the real API, PostgreSQL, Redis and simulator: a stuck
 * row retried once, a reply attributed and quoted in its thread, a poison delivery replayed after
 * its cause is fixed, a bulk retry that does exactly what its dry run counted, and an agent refused.
 */
describe('work queues in the browser: staff decide, the API audits', () => {
  let stack: InboxStack;
  let sb: Sendbook;
  let inbox: InboxServer;
  let browser: Browser;
  let tab: InboxPage;
  let admin: StaffLogin;
  let agent: StaffLogin;
  beforeAll(async () => {
    // A row is stuck after a second; a bulk action takes at most 4; one failed processing poisons a delivery.
    // Stuck rows raise an alert at the next sample, a second later.
    stack = await startInboxStack({
      sendbook: {
        app: {
          env: {
            STUCK_SENDING_AFTER_MS: '1000',
            WORK_ITEMS_BULK_MAX: '4',
            WEBHOOK_MAX_ATTEMPTS: '1',
            METRICS_SAMPLE_INTERVAL_MS: '1000',
            ALERT_STUCK_SENDING_FOR_MS: '0',
          },
        },
      },
      signInAs: async (api) => {
        admin = await createStaff(api, 'admin', 'Ada Admin');
        agent = await createStaff(api, 'agent', 'Al Agent');
        return admin;
      },
    });
    ({ sb, inbox, browser, tab } = stack);
  }, 120_000);
  afterAll(() => stack?.close());
  afterEach(() => assertLocalOnly(tab.outside));

  const message = async (id: string) => (await sb.api().get(`/v1/messages/${id}`).expect(200)).body.message;
  const sendsOf = (id: string) => sb.sim.ledger({ bizOpaqueCallbackData: id }).length;
  const openIds = async (kind: string) =>
    ((await sb.api().get(`/v1/work-items?kind=${kind}&limit=100`).expect(200)).body.data as { id: string }[]).map((w) => w.id);
  /** Rows left in `sending` by lost answers, with no status webhook to heal them (webhooks stay off until `webhooksOn`). */
  const stuck = async (n: number, key: string, purpose = 'order_shipped') => {
    sb.sim.configure({ webhookUrl: null });
    sb.sim.scriptNext(n, { kind: 'lose_response' });
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      const body = messageRequest({ dedupe_key: `${key}-${i}`, to: `+97250200${String(i).padStart(4, '0')}`, purpose });
      ids.push((await sb.api().post('/v1/messages').send(body).expect(201)).body.message.id);
    }
    await waitFor(async () => (await openIds('stuck_sending')).filter((id) => ids.includes(id)).length === n, { what: `${n} stuck rows` });
    // A row is stuck a second after it was marked sending; on a busy machine its request may reach
    // the simulator later than that. Stuck by a lost answer means the send itself arrived: wait for it.
    await waitFor(() => ids.every((id) => sendsOf(id) === 1), { what: `the ${n} sends at the simulator` });
    return ids;
  };
  const webhooksOn = () => sb.sim.configure({ webhookUrl: `${sb.url}/webhooks/whatsapp` });
  const dialog = (page: Page) => page.getByRole('dialog');

  it('a lost response makes a stuck row; Retry with a note sends exactly once more, and the trail names the staff member', async () => {
    const { page } = tab;
    const [id] = await stuck(1, 'browser-stuck');
    expect(sendsOf(id!)).toBe(1);
    await page.goto(`${inbox.url}/work/stuck_sending`);
    const table = page.getByRole('table', { name: 'Stuck sending' });
    await table.waitFor();
    // The navigation counts it, live.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: /^Stuck sending\s*\(1 open\)$/ })
      .waitFor();

    // j selects the first row and opens its detail: the error in words, no status webhook, the trail.
    await page.keyboard.press('j');
    const detail = page.getByRole('complementary', { name: /order_shipped to \+972502000000/ });
    await detail.waitFor();
    await detail.getByText('Unknown whether WhatsApp received it').waitFor();
    await detail.getByText('None arrived: WhatsApp has not said it was sent or delivered.').waitFor();
    await detail.getByRole('list', { name: 'Audit trail' }).getByRole('listitem').first().waitFor();
    await look(page, 'work-stuck-detail');
    // The open item is in the link: a reload (or a colleague) lands on it.
    await waitFor(() => new URL(page.url()).searchParams.get('item') === id, { what: 'the item in the URL' });
    await page.reload();
    await detail.getByText('Unknown whether WhatsApp received it').waitFor();

    // r is Retry on the selected row: it warns in words and says no status webhook arrived.
    await page.keyboard.press('r');
    const ask = dialog(page);
    await ask.getByRole('heading', { name: 'Send it again' }).waitFor();
    await ask.getByText('The first attempt may have reached the customer').waitFor();
    await ask.getByText('No status webhook has arrived for it').waitFor();
    await ask.getByRole('button', { name: 'Confirm' }).click();
    // No note, no action: the note is what the next person reads.
    await ask.getByText('Write why, for the audit trail').waitFor();
    await ask.getByRole('textbox', { name: 'Note' }).fill('customer says it never arrived');
    await look(page, 'work-stuck-retry-dialog');
    await ask.getByRole('button', { name: 'Confirm' }).click();
    await ask.waitFor({ state: 'detached' });

    await waitFor(async () => (await message(id!)).state === 'accepted', { what: 'the retry accepted' });
    expect(sendsOf(id!)).toBe(2);
    webhooksOn();
    await table.getByRole('row').filter({ hasText: '+972502000000' }).waitFor({ state: 'detached' });
    const history = (await sb.api().get(`/v1/messages/${id}/history`).expect(200)).body.data;
    expect(history).toContainEqual(
      expect.objectContaining({ to_state: 'queued', actor: `staff:${admin.id}`, actor_name: 'Ada Admin', details: { note: 'customer says it never arrived' } }),
    );

    // The Resolved tab: who, when and the note.
    await page.getByRole('navigation', { name: 'Open or resolved' }).getByRole('link', { name: 'Resolved' }).click();
    await page.waitForURL((url) => url.search === '?status=resolved');
    const resolvedRow = page.getByRole('table', { name: 'Stuck sending, resolved' }).getByRole('row').filter({ hasText: '+972502000000' });
    await expect(resolvedRow.textContent()).resolves.toMatch(/Retried.*Ada Admin.*customer says it never arrived/);
    await look(page, 'work-stuck-resolved');
    const dark = await openPage(browser, { colorScheme: 'dark' });
    await dark.context.addCookies(await tab.context.cookies());
    await dark.page.goto(`${inbox.url}/work/stuck_sending?status=resolved`);
    await dark.page.getByRole('table', { name: 'Stuck sending, resolved' }).waitFor();
    await look(dark.page, 'work-stuck-resolved-dark');
    expect(dark.outside).toEqual([]);
    await dark.close();
    await waitFor(() => sendsOf(id!) === 2, { what: 'still exactly two sends' });
  });

  it('the alert the stuck row raised is resolved with a note, and stays findable with who and when', async () => {
    const { page } = tab;
    await waitFor(async () => (await openIds('alert')).length > 0, { what: 'the stuck-sending alert' });
    const [alertId] = await openIds('alert');
    await page.goto(`${inbox.url}/work/alert`);
    const row = page.getByRole('table', { name: 'Alerts' }).getByRole('row').filter({ hasText: /stuck/i });
    await row.first().getByRole('button', { name: 'Resolve' }).click();
    const ask = dialog(page);
    await ask.getByRole('textbox', { name: 'Note' }).fill('the stuck row was retried by hand');
    await ask.getByRole('button', { name: 'Confirm' }).click();
    await ask.waitFor({ state: 'detached' });
    const resolved = (await sb.api().get('/v1/work-items?kind=alert&status=resolved').expect(200)).body.data.find((w: { id: string }) => w.id === alertId);
    expect(resolved.resolution).toMatchObject({ actor: `staff:${admin.id}`, actor_name: 'Ada Admin', note: 'the stuck row was retried by hand' });
    await page.getByRole('navigation', { name: 'Open or resolved' }).getByRole('link', { name: 'Resolved' }).click();
    await expect(page.getByRole('table', { name: 'Alerts, resolved' }).getByRole('row').nth(1).textContent()).resolves.toMatch(
      /Ada Admin.*the stuck row was retried by hand/,
    );
    await look(page, 'work-alert-resolved');
  });

  it('an unattributed reply is attributed to the right message from its queue, then shows quoted under it in the thread', async () => {
    const { page } = tab;
    const waId = '16505557001';
    await inbound(sb, sb.sim.customer(waId, { name: 'Noa Peretz' }).sendText('hello'));
    const ask = async (key: string, text: string) => {
      const payload = {
        type: 'interactive',
        interactive: { type: 'button', body: { text }, action: { buttons: [{ type: 'reply', reply: { id: 'y', title: 'Yes' } }] } },
      };
      const id = (
        await sb
          .api()
          .post('/v1/messages')
          .send({ dedupe_key: key, to: `+${waId}`, purpose: 'survey', payload })
          .expect(201)
      ).body.message.id as string;
      await waitFor(async () => (await message(id)).wamid !== null, { what: `${key} sent`, timeoutMs: 30_000 });
      return id;
    };
    const first = await ask('browser-ask-1', 'Was the parcel on time?');
    await ask('browser-ask-2', 'Was the driver friendly?');
    const reply = await inbound(sb, sb.sim.customer(waId).sendText('yes, it was'));
    await waitFor(async () => (await openIds('unattributed_inbound')).includes(reply.id), { what: 'the reply unattributed' });

    await page.goto(`${inbox.url}/work/unattributed_inbound`);
    const row = page.getByRole('table', { name: 'Unattributed' }).getByRole('row').filter({ hasText: 'yes, it was' });
    await row.getByRole('button', { name: 'Attribute' }).click();
    const choose = dialog(page);
    // Each candidate with its text and time; Confirm waits for a choice.
    const right = choose.getByRole('radio', { name: /Was the parcel on time\?.*sent/ });
    await right.waitFor();
    await choose.getByRole('radio', { name: /Was the driver friendly\?/ }).waitFor();
    await choose.getByRole('radio', { name: /The thread only/ }).waitFor();
    await expect(choose.getByRole('button', { name: 'Confirm' }).isDisabled()).resolves.toBe(true);
    await right.check();
    await choose.getByRole('textbox', { name: 'Note' }).fill('she answered the first question');
    await look(page, 'work-attribute-dialog');
    await choose.getByRole('button', { name: 'Confirm' }).click();
    await choose.waitFor({ state: 'detached' });
    await waitFor(async () => (await sb.api().get(`/v1/inbound/${reply.id}`).expect(200)).body.inbound.message_id === first, {
      what: 'attributed to the first question',
    });

    await page.goto(`${inbox.url}/conversations/${reply.conversation_id as string}`);
    const article = page.getByRole('log', { name: 'Messages' }).getByRole('article').filter({ hasText: 'yes, it was' });
    await expect(article.locator('blockquote').textContent()).resolves.toContain('Was the parcel on time?');
    await look(page, 'work-attributed-thread');
  });

  it('a poison delivery is replayed after its cause is fixed, and its events are applied once', async () => {
    const { page } = tab;
    // The cause: the database refuses inbound messages (as a broken migration would), so processing fails.
    await sb.dataSource.query(
      `CREATE FUNCTION refuse_inbound() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'inbound_messages is read-only during maintenance'; END $$`,
    );
    await sb.dataSource.query(`CREATE TRIGGER refuse_inbound BEFORE INSERT ON inbound_messages FOR EACH ROW EXECUTE FUNCTION refuse_inbound()`);
    const wamid = sb.sim.customer('16505557002', { name: 'Omer Levi' }).sendText('is the shop open on Sunday?');
    await waitFor(async () => (await openIds('poison_webhook')).length === 1, { what: 'a poison delivery' });
    const [deliveryId] = await openIds('poison_webhook');

    await page.goto(`${inbox.url}/work/poison_webhook`);
    const table = page.getByRole('table', { name: 'Poison webhooks' });
    await table.getByRole('row').nth(1).getByRole('button', { name: deliveryId! }).click();
    const detail = page.getByRole('complementary', { name: 'Webhook delivery' });
    // The stored body as Meta sent it, and why it could not be processed.
    await detail.getByText('is the shop open on Sunday?').waitFor();
    await detail.getByText(/read-only during maintenance/).waitFor();
    await look(page, 'work-poison-detail');

    // The fix, then the replay.
    await sb.dataSource.query(`DROP TRIGGER refuse_inbound ON inbound_messages; DROP FUNCTION refuse_inbound()`);
    await detail.getByRole('button', { name: /^Replay/ }).click();
    const ask = dialog(page);
    await ask.getByRole('textbox', { name: 'Note' }).fill('maintenance over');
    await ask.getByRole('button', { name: 'Confirm' }).click();
    await ask.waitFor({ state: 'detached' });
    await waitFor(async () => (await sb.dataSource.query(`SELECT 1 FROM inbound_messages WHERE wamid = $1`, [wamid])).length === 1, {
      what: 'the replayed message stored',
    });
    await table.waitFor({ state: 'detached' });
    await page.getByRole('status').filter({ hasText: 'Every webhook delivery was processed.' }).waitFor();
    // Applied once: one row, and a second replay of the same body adds nothing.
    await sb
      .api()
      .post('/v1/webhooks/replay')
      .send({ ids: [deliveryId], include_poison: true })
      .expect(202);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await sb.dataSource.query(`SELECT 1 FROM inbound_messages WHERE wamid = $1`, [wamid])).toHaveLength(1);
    const [state] = await sb.dataSource.query(`SELECT state FROM webhook_deliveries WHERE id = $1`, [deliveryId]);
    expect(state.state).toBe('processed');
  });

  it('a failed message: the error in words with Meta’s code and page, resent under the dedupe key shown; a held one released as a template', async () => {
    const { page } = tab;
    const waId = '972504440001';
    sb.sim.customer(waId, { failWith: 131026 });
    const failed = (
      await sb
        .api()
        .post('/v1/messages')
        .send(messageRequest({ dedupe_key: 'browser-failed-1', to: `+${waId}` }))
        .expect(201)
    ).body.message.id as string;
    await waitFor(async () => (await message(failed)).state === 'failed', { what: 'the send failed' });

    await page.goto(`${inbox.url}/work/failed`);
    const row = page
      .getByRole('table', { name: 'Failed' })
      .getByRole('row')
      .filter({ hasText: `+${waId}` });
    await row.getByRole('button', { name: `+${waId}` }).click();
    const detail = page.getByRole('complementary', { name: `order_shipped to +${waId}` });
    await detail.getByText(/WhatsApp could not deliver it/).waitFor();
    await expect(detail.getByRole('link', { name: /Meta’s error codes/ }).getAttribute('href')).resolves.toMatch(
      /^https:\/\/developers\.facebook\.com\/.*error-codes/,
    );
    await expect(detail.textContent()).resolves.toContain('131026');
    await look(page, 'work-failed-detail');

    sb.sim.customer(waId, { failWith: null });
    await row.getByRole('button', { name: 'Resend' }).click();
    let ask = dialog(page);
    await ask.getByText('browser-failed-1:resend:1').waitFor();
    await ask.getByRole('textbox', { name: 'Note' }).fill('the customer updated WhatsApp');
    await look(page, 'work-resend-dialog');
    await ask.getByRole('button', { name: 'Confirm' }).click();
    await ask.waitFor({ state: 'detached' });
    const resent = (await sb.api().get('/v1/messages?dedupe_key=browser-failed-1:resend:1').expect(200)).body.data[0].id as string;
    await waitFor(() => sendsOf(resent) === 1, { what: 'the resend sent once' });
    // The failed one stays as it was, in the Resolved tab now.
    expect((await message(failed)).state).toBe('failed');

    // Held: free text to someone whose window is closed, and no fallback. Released as a template with its values.
    await sb.api().post('/v1/templates/sync').expect(200);
    const held = (
      await sb
        .api()
        .post('/v1/messages')
        .send({ dedupe_key: 'browser-held-1', to: '+972504440002', purpose: 'shipping_update', payload: { type: 'text', text: { body: 'On its way' } } })
        .expect(201)
    ).body.message.id as string;
    await waitFor(async () => (await message(held)).state === 'held', { what: 'held' });
    await page.goto(`${inbox.url}/work/held`);
    await page.getByRole('table', { name: 'Held' }).getByRole('row').filter({ hasText: '+972504440002' }).getByRole('button', { name: 'Release' }).click();
    ask = dialog(page);
    await ask.getByRole('combobox', { name: 'Template' }).selectOption('order_shipped:en');
    await ask.getByRole('textbox', { name: 'Note' }).fill('window closed: the shipping template instead');
    await ask.getByRole('button', { name: 'Confirm' }).click();
    // Each template value is asked for, and named, before anything is sent.
    await ask
      .getByText(/needed/)
      .first()
      .waitFor();
    const values = ask.getByRole('textbox');
    for (let i = 0; i < (await values.count()); i++) {
      const box = values.nth(i);
      if ((await box.getAttribute('name')) !== 'note') await box.fill(['Dana', '44812', 'Friday'][i] ?? 'x');
    }
    await look(page, 'work-release-dialog');
    await ask.getByRole('button', { name: 'Confirm' }).click();
    await ask.waitFor({ state: 'detached' });
    await waitFor(async () => (await message(held)).state === 'cancelled', { what: 'the held row cancelled' });
    const released = (await sb.api().get('/v1/messages?dedupe_key=browser-held-1:release:1').expect(200)).body.data[0];
    expect(released.payload.template.name).toBe('order_shipped');
    await waitFor(() => sendsOf(released.id) === 1, { what: 'the template sent once' });
  });

  it('bulk retry: the dry run counts, refuses a selection over the maximum, and the run does exactly that many', async () => {
    const { page } = tab;
    const batch = await stuck(3, 'browser-bulk-a', 'bulk_reminder');
    const others = await stuck(2, 'browser-bulk-b', 'bulk_other');
    for (const id of [...batch, ...others]) expect(sendsOf(id)).toBe(1);

    // Five open rows, more than WORK_ITEMS_BULK_MAX: refused before anything is done.
    await page.goto(`${inbox.url}/work/stuck_sending`);
    await page.getByRole('button', { name: 'Bulk action…' }).click();
    let bulk = dialog(page);
    await bulk.getByRole('combobox', { name: 'Action' }).selectOption('retry');
    await bulk.getByRole('button', { name: 'Count the items' }).click();
    await bulk.getByText('More than 4 open rows in this queue: one bulk action takes at most 4. Narrow the filters first.').waitFor();
    await expect(bulk.getByRole('button', { name: 'Confirm' }).count()).resolves.toBe(0);
    await look(page, 'work-bulk-too-wide');
    await bulk.getByRole('button', { name: 'Back' }).click();

    // Narrowed by purpose in the filter bar: the URL carries it.
    await page.getByRole('textbox', { name: 'Purpose' }).fill('bulk_reminder');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL((url) => url.search === '?purpose=bulk_reminder');
    const table = page.getByRole('table', { name: 'Stuck sending' });
    await waitFor(async () => (await table.getByRole('row').count()) === 4, { what: 'three rows and the header' });
    await page.getByRole('button', { name: 'Bulk action…' }).click();
    bulk = dialog(page);
    await bulk.getByRole('combobox', { name: 'Action' }).selectOption('retry');
    await bulk.getByRole('button', { name: 'Count the items' }).click();
    await bulk.getByText('This will retry 3 rows of purpose bulk_reminder.').waitFor();
    await bulk.getByRole('textbox', { name: 'Note' }).fill('provider outage at 10:00, none arrived');
    await look(page, 'work-bulk-dry-run');
    await bulk.getByRole('button', { name: 'Confirm' }).click();
    await bulk.getByText('Retried 3 rows.').first().waitFor();
    await look(page, 'work-bulk-done');
    await bulk.getByRole('button', { name: 'Close', exact: true }).click();

    await waitFor(async () => (await Promise.all(batch.map(message))).every((m) => m.state === 'accepted'), { what: 'the three retries accepted' });
    for (const id of batch) expect(sendsOf(id)).toBe(2);
    for (const id of others) expect(sendsOf(id)).toBe(1);
    for (const id of batch) {
      const history = (await sb.api().get(`/v1/messages/${id}/history`).expect(200)).body.data;
      expect(history).toContainEqual(expect.objectContaining({ actor_name: 'Ada Admin', details: { note: 'provider outage at 10:00, none arrived' } }));
    }
    expect(where(page)).toBe('/work/stuck_sending?purpose=bulk_reminder');
    // The two others stay for the agent's test below.
  });

  it('an agent sees the queue but no resolving actions, and the API refuses them', async () => {
    const agentTab = await openPage(browser);
    const { page } = agentTab;
    await page.goto(`${inbox.url}/work/stuck_sending?purpose=bulk_other`);
    await signIn(page, agent);
    const table = page.getByRole('table', { name: 'Stuck sending' });
    await waitFor(async () => (await table.getByRole('row').count()) === 3, { what: 'two rows and the header' });
    for (const name of ['Retry', 'Mark sent', 'Cancel']) await expect(page.getByRole('button', { name, exact: true }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'Bulk action…' }).count()).resolves.toBe(0);
    await table.getByRole('row').nth(1).getByRole('button').first().click();
    await page.getByText('Only admins can resolve work items.').waitFor();
    // Keys do nothing either.
    await page.keyboard.press('r');
    await expect(page.getByRole('dialog').count()).resolves.toBe(0);
    await look(page, 'work-stuck-agent');

    // The API fails mid-work: the queue says it could not refresh, and keeps what it showed.
    await page.route('**/v1/work-items?**', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"unavailable"}' }));
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByRole('alert').filter({ hasText: 'Could not refresh this queue' }).waitFor();
    await expect(table.getByRole('row').count()).resolves.toBe(3);
    await look(page, 'work-refresh-failed');
    await page.unroute('**/v1/work-items?**');

    const [id] = (await sb.api().get('/v1/work-items?kind=stuck_sending&purpose=bulk_other').expect(200)).body.data.map((w: { id: string }) => w.id);
    const statuses = await page.evaluate(
      async (messageId) =>
        Promise.all(
          [
            [`/v1/messages/${messageId}/resolve`, { action: 'retry', note: 'x' }],
            ['/v1/work-items/stuck_sending/bulk', { action: 'retry', dry_run: true }],
            ['/v1/alerts/00000000-0000-4000-8000-000000000000/resolve', { note: 'x' }],
            ['/v1/webhooks/replay', { ids: [] }],
          ].map(
            async ([path, body]) =>
              (await fetch(path as string, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).status,
          ),
        ),
      id,
    );
    expect(statuses).toEqual([403, 403, 403, 403]);
    // Same as a session straight to the API.
    const session = asSession(sb, await apiSignIn(sb, agent));
    await session.post(`/v1/messages/${id}/resolve`).send({ action: 'cancel' }).expect(403);
    expect(agentTab.outside).toEqual([]);
    await agentTab.close();
    for (const other of await openIds('stuck_sending')) await sb.api().post(`/v1/messages/${other}/resolve`).send({ action: 'cancel' }).expect(200);
    webhooksOn();
  });
});
