import type { Browser, Page } from 'playwright-core';
import type { InboxServer } from '../support/inbox-server.js';
import { startInboxStack, type InboxStack } from '../support/inbox-stack.js';
import { assertLocalOnly, look, openPage, signIn, where, type InboxPage } from '../support/inbox-browser.js';
import { messageRequest, type Sendbook } from '../support/sendbook.js';
import { asSession, createStaff, signIn as apiSignIn, type StaffLogin } from '../support/staff.js';
import { TEST_SECRETS } from '../support/test-env.js';
import { waitFor } from '../support/wait-for.js';
import { marketingPayload } from '../conversations/marketing-support.js';
import { allProcessed, envelope, postWebhook, textMessage } from '../webhooks/webhook-support.js';

const RATES = '{"currency":"USD","rates":{"marketing":{"default":0.025,"IN":0.0107},"utility":{"default":0.004}}}';

/** Below a dollar, as the inbox writes it: cents always, up to four decimals ("0.012", "0.0227"). */
const dollars = (amount: number) => amount.toFixed(4).replace(/0{1,2}$/, '');

interface Pricing {
  billable: number;
  free: number;
  by_category: Record<string, { billable: number; free: number }>;
  estimated_spend: { currency: string; total: number; by_category: Record<string, number>; by_number: Record<string, number>; unrated_messages: number } | null;
}

interface Metrics {
  stuck_sending: { current: number };
  unattributed_inbound: { current: number };
  dedupe_rejected: { total: number };
  webhook_duplicates: { total: number };
  sent_to_delivered: { overall: { count: number } };
  sends_accepted: { total: number; by_number: Record<string, number> };
}

/**
 * Queue health in Chromium on the real stack: the tiles show what /v1/metrics says for events this
 * test caused, a chart draws its points (and opens the queue at a point's time), in light and dark;
 * an agent is refused the admin pages and routes.
 */
describe('queue health in the browser: the figures the API counts, charts with points', () => {
  let stack: InboxStack;
  let sb: Sendbook;
  let inbox: InboxServer;
  let browser: Browser;
  let tab: InboxPage;
  let admin: StaffLogin;
  let agent: StaffLogin;
  beforeAll(async () => {
    stack = await startInboxStack({
      sendbook: { app: { env: { STUCK_SENDING_AFTER_MS: '1000', PRICING_RATES: RATES } } },
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

  const metrics = async (): Promise<Metrics> => (await sb.api().get('/v1/metrics').expect(200)).body;
  const tileValue = async (page: Page, label: string) => {
    const tile = page.getByRole('list', { name: 'Queue-health figures' }).getByRole('listitem', { name: label });
    return ((await tile.locator('div').first().textContent()) ?? '').trim();
  };

  it('before anything happened: no data, in words; the templates and the number as they are at boot', async () => {
    const { page } = tab;
    await page.goto(`${inbox.url}/health`);
    await page.getByRole('list', { name: 'Queue-health figures' }).waitFor();
    await page.getByRole('figure', { name: 'Duplicate webhooks per field' }).getByRole('status').filter({ hasText: 'No data in this range.' }).waitFor();
    await look(page, 'health-empty');
    const cost = page.getByRole('region', { name: 'Cost' });
    await cost.getByRole('status').filter({ hasText: 'No priced messages yet' }).waitFor();
    await cost.scrollIntoViewIfNeeded();
    await look(page, 'health-cost-empty');
    await page.goto(`${inbox.url}/templates`);
    await page.getByRole('heading', { name: 'Templates', level: 1 }).waitFor();
    await look(page, 'templates-at-boot');
    await page.goto(`${inbox.url}/numbers`);
    await page.getByRole('heading', { name: 'Numbers', level: 1 }).waitFor();
    await look(page, 'numbers-before-sending');
  });

  it('the tiles equal /v1/metrics for what this test caused, and each queue tile opens its queue', async () => {
    // Two sends that go through (sent → delivered), one refused by its dedupe key, one stuck.
    for (const key of ['health-ok-1', 'health-ok-2']) {
      const id = (
        await sb
          .api()
          .post('/v1/messages')
          .send(messageRequest({ dedupe_key: key, to: `+97250300000${key.slice(-1)}` }))
          .expect(201)
      ).body.message.id;
      await waitFor(async () => (await sb.api().get(`/v1/messages/${id}`)).body.message.delivered_at !== null, { what: `${key} delivered` });
    }
    await sb
      .api()
      .post('/v1/messages')
      .send(messageRequest({ dedupe_key: 'health-ok-1', to: '+972503000001', purpose: 'other_purpose' }))
      .expect(409);
    sb.sim.configure({ webhookUrl: null });
    sb.sim.scriptNext(1, { kind: 'lose_response' });
    await sb
      .api()
      .post('/v1/messages')
      .send(messageRequest({ dedupe_key: 'health-stuck', to: '+972503000009' }))
      .expect(201);
    // A reply quoting a message Sendbook never sent (unattributed), delivered twice by "Meta" (a duplicate).
    const now = Math.floor(Date.now() / 1000);
    const reply = {
      ...textMessage('wamid.HEALTH-REPLY-1', 'which order is this about?', '16505559001', now),
      context: { from: '15550783881', id: 'wamid.NEVER-SENT' },
    };
    const body = envelope({ contacts: [{ profile: { name: 'Tamar' }, wa_id: '16505559001' }], messages: [reply] });
    expect((await postWebhook(sb.url, body)).status).toBe(200);
    expect((await postWebhook(sb.url, body)).status).toBe(200);

    await waitFor(
      async () => {
        const m = await metrics();
        return (
          m.stuck_sending.current === 1 &&
          m.unattributed_inbound.current === 1 &&
          m.webhook_duplicates.total === 1 &&
          m.dedupe_rejected.total === 1 &&
          m.sent_to_delivered.overall.count >= 2 &&
          (m.sends_accepted.by_number[TEST_SECRETS.phoneNumberId] ?? 0) >= 2
        );
      },
      { what: 'the figures to count the events', timeoutMs: 30_000 },
    );

    const { page } = tab;
    await page.goto(`${inbox.url}/health`);
    await page.getByRole('list', { name: 'Queue-health figures' }).waitFor();
    const api = await metrics();
    await expect(tileValue(page, 'Stuck sending')).resolves.toBe(String(api.stuck_sending.current));
    await expect(tileValue(page, 'Unattributed replies')).resolves.toBe(String(api.unattributed_inbound.current));
    await expect(tileValue(page, 'Duplicate sends refused')).resolves.toBe(String(api.dedupe_rejected.total));
    await expect(tileValue(page, 'Duplicate webhook events')).resolves.toBe(String(api.webhook_duplicates.total));
    const delivered = page.getByRole('listitem', { name: 'Sent → delivered' });
    await expect(delivered.textContent()).resolves.toContain(`p95 over ${api.sent_to_delivered.overall.count} deliveries`);
    // The stuck tile says how long its oldest item has waited.
    await expect(page.getByRole('listitem', { name: 'Stuck sending' }).textContent()).resolves.toMatch(/Oldest waiting/);

    // The chart of accepted sends draws points: its canvas has pixels in the line's colour, its table the counts.
    const accepted = page.getByRole('figure', { name: 'Accepted sends per number' });
    await accepted.locator('canvas').waitFor();
    const coloured = await accepted.locator('canvas').evaluate((node) => {
      const canvas = node as unknown as {
        width: number;
        height: number;
        getContext(kind: '2d'): { getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray } };
      };
      const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
      let n = 0;
      for (let i = 0; i < data.length; i += 4)
        if (Math.abs(data[i]! - 0x1a) < 40 && Math.abs(data[i + 1]! - 0x6f) < 40 && Math.abs(data[i + 2]! - 0xd6) < 40 && data[i + 3]! > 200) n++;
      return n;
    });
    expect(coloured).toBeGreaterThan(30);
    await accepted.getByText('Show as a table').click();
    const table = accepted.getByRole('table');
    const accepted_now = api.sends_accepted.by_number[TEST_SECRETS.phoneNumberId]!;
    expect(accepted_now).toBeGreaterThanOrEqual(2);
    const cells = (await table.getByRole('cell').allTextContents()).map(Number);
    expect(cells.reduce((a, b) => a + b, 0)).toBe(accepted_now);
    await look(page, 'health-charts');

    // Clicking a point opens the matching queue at that time.
    const over = accepted.locator('.u-over');
    const box = (await over.boundingBox())!;
    await page.mouse.move(box.x + box.width - 4, box.y + box.height / 2);
    await page.mouse.click(box.x + box.width - 4, box.y + box.height / 2);
    await page.waitForURL((url) => url.pathname === '/work/failed');
    const search = new URL(page.url()).searchParams;
    expect(search.get('number')).toBe(TEST_SECRETS.phoneNumberId);
    expect(Date.parse(search.get('before')!)).toBeGreaterThan(Date.now() - 5 * 60_000);
    await page.getByText(/Items already waiting at/).waitFor();
    await look(page, 'work-failed-at-point');

    // A tile opens its queue.
    await page.goto(`${inbox.url}/health`);
    await page.getByRole('link', { name: 'Stuck sending', exact: true }).last().click();
    await page.waitForURL((url) => url.pathname === '/work/stuck_sending');
    await page.getByRole('table', { name: 'Stuck sending' }).waitFor();
    sb.sim.configure({ webhookUrl: `${sb.url}/webhooks/whatsapp` });
  });

  it('the Cost panel: what Meta priced in the range, by category and number, the estimate and where it comes from', async () => {
    // A marketing template to India beside the utility templates sent above: each priced by Meta on its first status.
    const id = (
      await sb
        .api()
        .post('/v1/messages')
        .send({ dedupe_key: 'health-cost-in', to: '+919876543210', purpose: 'diwali', payload: marketingPayload('20%') })
        .expect(201)
    ).body.message.id;
    await sb.sim.flushWebhooks();
    await waitFor(
      async () =>
        (await sb.api().get(`/v1/messages/${id}`)).body.message.pricing !== null &&
        sb.sim.webhookDeliveries().every((d) => d.state === 'delivered') &&
        (await allProcessed(sb.dataSource)),
      { what: 'every status applied', timeoutMs: 30_000 },
    );
    const api = (await sb.api().get('/v1/metrics').expect(200)).body.pricing as Pricing;
    expect(api.by_category.marketing).toEqual({ billable: 1, free: 0 });
    const utility = api.by_category.utility!.billable;
    expect(utility).toBeGreaterThanOrEqual(2);
    expect(api.estimated_spend).toEqual({
      currency: 'USD',
      total: Number((0.0107 + utility * 0.004).toFixed(4)),
      by_category: { marketing: 0.0107, utility: Number((utility * 0.004).toFixed(4)) },
      by_number: { [TEST_SECRETS.phoneNumberId]: Number((0.0107 + utility * 0.004).toFixed(4)) },
      unrated_messages: 0,
    });

    const { page } = tab;
    await page.goto(`${inbox.url}/health`);
    const cost = page.getByRole('region', { name: 'Cost' });
    await cost.scrollIntoViewIfNeeded();
    const figure = (label: string) => cost.getByRole('list', { name: 'Cost figures' }).getByRole('listitem', { name: label });
    expect(await figure('Billable messages').textContent()).toBe(`Billable messages${api.billable}and ${api.free} free`);
    expect(await figure('Estimated spend').textContent()).toBe(`Estimated spend$${dollars(api.estimated_spend!.total)}USD, by your PRICING_RATES`);
    const byCategory = cost.getByRole('table', { name: 'Billable messages by category' });
    expect(await byCategory.getByRole('row').nth(1).getByRole('cell').allTextContents()).toEqual([
      'Utility',
      String(utility),
      '0',
      `$${dollars(utility * 0.004)}`,
    ]);
    expect(await byCategory.getByRole('row').filter({ hasText: 'Marketing' }).getByRole('cell').allTextContents()).toEqual(['Marketing', '1', '0', '$0.0107']);
    const byNumber = cost.getByRole('table', { name: 'Billable messages by number' });
    expect(await byNumber.getByRole('row').filter({ hasText: TEST_SECRETS.phoneNumberId }).getByRole('cell').nth(1).textContent()).toBe(String(api.billable));
    await cost.getByText("Meta's invoice is what you pay").waitFor();
    await look(page, 'health-cost');
  });

  it('a range of 24 h, in dark: the same charts, readable', async () => {
    const dark = await openPage(browser, { colorScheme: 'dark' });
    await dark.context.addCookies(await tab.context.cookies());
    await dark.page.goto(`${inbox.url}/health`);
    await dark.page.getByRole('group', { name: 'Range' }).getByRole('button', { name: '24 h' }).click();
    await dark.page.waitForURL((url) => url.search === '?range=24h');
    await dark.page.getByRole('heading', { name: 'Over the last 24 h' }).waitFor();
    await dark.page.getByRole('figure', { name: 'Accepted sends per number' }).locator('canvas').waitFor();
    await look(dark.page, 'health-dark');
    await dark.page.getByRole('figure', { name: 'Duplicate webhooks per field' }).scrollIntoViewIfNeeded();
    await look(dark.page, 'health-dark-charts');
    expect(where(dark.page)).toBe('/health?range=24h');
    expect(dark.outside).toEqual([]);
    await dark.close();
  });

  it('an agent is refused /health and /settings/staff, and the API refuses the admin routes', async () => {
    const agentTab = await openPage(browser);
    const { page } = agentTab;
    await page.goto(`${inbox.url}/login`);
    await signIn(page, agent);
    for (const path of ['/health', '/settings/staff', '/numbers', '/templates']) {
      await page.goto(`${inbox.url}${path}`);
      await page.getByRole('heading', { name: "You don't have access to this page" }).waitFor();
      expect(where(page)).toBe(path);
    }
    await look(page, 'forbidden-health-agent');
    const statuses = await page.evaluate(async () =>
      Promise.all(
        [
          ['GET', '/v1/metrics'],
          ['GET', '/v1/staff'],
          ['POST', '/v1/staff'],
          ['POST', '/v1/templates/sync'],
        ].map(
          async ([method, path]) =>
            (await fetch(path!, { method, headers: { 'content-type': 'application/json' }, body: method === 'POST' ? '{}' : undefined })).status,
        ),
      ),
    );
    expect(statuses).toEqual([403, 403, 403, 403]);
    const session = asSession(sb, await apiSignIn(sb, agent));
    await session.post(`/v1/numbers/${TEST_SECRETS.phoneNumberId}/pause`).send({ note: 'x' }).expect(403);
    expect(agentTab.outside).toEqual([]);
    await agentTab.close();
  });
  it('numbers, templates and staff: what admins change, each asked and audited', async () => {
    const { page } = tab;
    const number = TEST_SECRETS.phoneNumberId;
    // Numbers: the profile read from Meta, then a pause with a note, then a resume.
    await page.goto(`${inbox.url}/numbers`);
    const numbers = page.getByRole('table', { name: 'Numbers' });
    const row = numbers.getByRole('row').filter({ hasText: number });
    await row.waitFor();
    await page.getByRole('button', { name: 'Sync from Meta' }).click();
    await page.getByRole('status').filter({ hasText: 'Read 1 profile from Meta.' }).waitFor();
    await row.getByText(/profile read/).waitFor();
    await row.getByRole('button', { name: 'Pause' }).click();
    let ask = page.getByRole('dialog');
    await ask.getByRole('textbox', { name: 'Note' }).fill('complaint about the campaign');
    await ask.getByRole('button', { name: 'Confirm' }).click();
    await ask.waitFor({ state: 'detached' });
    await row.getByText('complaint about the campaign').waitFor();
    await look(page, 'numbers-paused');
    await row.getByRole('button', { name: 'Resume' }).click();
    ask = page.getByRole('dialog');
    await ask.getByRole('textbox', { name: 'Note' }).fill('campaign reviewed');
    await ask.getByRole('button', { name: 'Confirm' }).click();
    await row.getByRole('button', { name: 'Pause' }).waitFor();
    const trail = await sb.dataSource.query(
      `SELECT action, actor, details->>'note' AS note FROM audit_events WHERE subject_type = 'business_number' ORDER BY at`,
    );
    expect(trail).toEqual([
      { action: 'numbers.profiles_synced', actor: `staff:${admin.id}`, note: null },
      { action: 'number.paused', actor: `staff:${admin.id}`, note: 'complaint about the campaign' },
      { action: 'number.resumed', actor: `staff:${admin.id}`, note: 'campaign reviewed' },
    ]);
    await look(page, 'numbers');

    // Templates: synced from Meta on demand.
    await page.goto(`${inbox.url}/templates`);
    await page.getByRole('button', { name: 'Sync' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /Synced \d+ templates? from Meta/ })
      .waitFor();
    const template = page.getByRole('table', { name: 'Templates' }).getByRole('row').filter({ hasText: 'order_shipped' });
    await expect(template.textContent()).resolves.toMatch(/APPROVED/);
    await look(page, 'templates');

    // Staff: invite (a one-time link), change a role, reset a password, deactivate.
    const bo = await createStaff(sb, 'agent', 'Bo Agent');
    await page.goto(`${inbox.url}/settings/staff`);
    await page.getByRole('button', { name: 'Invite' }).click();
    ask = page.getByRole('dialog');
    await ask.getByRole('button', { name: 'Confirm' }).click();
    await ask.getByText('Enter their name.').waitFor();
    await ask.getByRole('textbox', { name: 'Name' }).fill('Cy Newhire');
    await ask.getByRole('textbox', { name: 'Email' }).fill('cy@shop.example');
    await ask.getByRole('combobox', { name: 'Role' }).selectOption('admin');
    await look(page, 'staff-invite');
    await ask.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('textbox', { name: 'One-time link' }).inputValue()).resolves.toMatch(/^https?:\/\/.+/);
    const staff = page.getByRole('table', { name: 'Staff' });
    await expect(staff.getByRole('row').filter({ hasText: 'cy@shop.example' }).textContent()).resolves.toMatch(/Admin.*Invited/);
    const boRow = staff.getByRole('row').filter({ hasText: bo.email });
    await boRow.getByRole('button', { name: 'Make admin' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await boRow.getByRole('button', { name: 'Make agent' }).waitFor();
    await boRow.getByRole('button', { name: 'Reset password' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('status').filter({ hasText: 'Bo Agent’s password is reset' }).waitFor();
    await boRow.getByRole('button', { name: 'Deactivate' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await boRow.getByRole('button', { name: 'Reactivate' }).waitFor();
    const member = (await sb.api().get(`/v1/staff/${bo.id}`).expect(200)).body.staff;
    expect(member).toMatchObject({ role: 'admin', active: false });
    await look(page, 'staff');
  });
});
