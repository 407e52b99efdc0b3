import type { Browser } from 'playwright-core';
import { buttonsPayload, inbound, sendTo } from '../conversations/conversation-support.js';
import type { InboxServer } from '../support/inbox-server.js';
import { startInboxStack, type InboxStack } from '../support/inbox-stack.js';
import { templatePayload, type Sendbook } from '../support/sendbook.js';
import { waitFor } from '../support/wait-for.js';
import { ADMIN, ADMIN_ENV, alertSaying, assertLocalOnly, description, look, openPage, screenshot, where, type InboxPage } from '../support/inbox-browser.js';

const DANA = '972501110001';
const STATE_WORDS = ['Queued', 'Sending', 'Held', 'Accepted', 'Sent', 'Delivered', 'Read', 'Played', 'Failed', 'Cancelled'];

describe('inbox pages on the real API: empty, full and broken', () => {
  let stack: InboxStack;
  let sb: Sendbook;
  let inbox: InboxServer;
  let browser: Browser;
  let tab: InboxPage;
  beforeAll(async () => {
    stack = await startInboxStack({ sendbook: { app: { env: ADMIN_ENV } }, signInAs: async () => ADMIN });
    ({ sb, inbox, browser, tab } = stack);
  }, 120_000);
  afterAll(() => stack?.close());
  afterEach(() => assertLocalOnly(tab.outside));

  it('before any customer writes: every page says it is empty, in words', async () => {
    const { page } = tab;
    await page.goto(`${inbox.url}/conversations`);
    await page.getByRole('status').filter({ hasText: 'No open conversations' }).waitFor();
    await look(page, 'conversations-empty');
    for (const kind of ['waiting_customer', 'stuck_sending', 'unattributed_inbound', 'failed', 'held', 'poison_webhook', 'alert']) {
      await page.goto(`${inbox.url}/work/${kind}`);
      await page.getByRole('heading', { name: 'Work', level: 1 }).waitFor();
      await page.getByRole('status').first().waitFor();
      await expect(page.getByRole('table').count()).resolves.toBe(0);
      await look(page, `work-${kind}-empty`);
    }
  });

  describe('with a customer', () => {
    let conversationId: string;
    beforeAll(async () => {
      const dana = sb.sim.customer(DANA, { name: 'Dana Levi' });
      await inbound(sb, dana.sendText('Hi, where is my order?'));
      const template = await sendTo(sb, DANA, templatePayload('44812'), 'order_shipped');
      await inbound(sb, dana.sendText('Thanks! Can it come on Friday instead?', { contextWamid: template.wamid }));
      const buttons = await sendTo(sb, DANA, buttonsPayload('Friday 10:00–12:00 then?'), 'delivery_slot');
      await inbound(sb, dana.reply(buttons.wamid, 'Yes'));
      sb.sim.scriptNext(1, { kind: 'error', code: 131026 });
      await sb
        .api()
        .post('/v1/messages')
        .send({ dedupe_key: 'browser-failed-1', to: `+${DANA}`, purpose: 'agent_reply', payload: { type: 'text', text: { body: 'See you Friday!' } } })
        .expect(201);
      await waitFor(async () => (await sb.api().get('/v1/work-items?kind=failed').expect(200)).body.data.length === 1, { what: 'the failed send' });
      const list = (await sb.api().get('/v1/conversations').expect(200)).body.data as { id: string }[];
      conversationId = list[0]!.id;
    }, 120_000);

    it('the list links each conversation by the contact’s name, with activity, unread count and the window', async () => {
      const { page } = tab;
      await page.goto(`${inbox.url}/conversations`);
      const row = page.getByRole('link', { name: /Dana Levi/ });
      await row.waitFor();
      const text = (await row.textContent()) ?? '';
      expect(text).toMatch(/unread/);
      expect(text).toMatch(/Window open/);
      await look(page, 'conversations-list');
      // j moves through the list from the keyboard.
      await page.keyboard.press('j');
      await expect(row.evaluate((el) => el === (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement)).resolves.toBe(true);
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === `/conversations/${conversationId}`);
    });

    it('the thread: a log of articles, each outbound state one word, the failure in words, quotes and choices', async () => {
      const { page } = tab;
      await page.goto(`${inbox.url}/conversations/${conversationId}`);
      const log = page.getByRole('log', { name: 'Messages' });
      await log.waitFor();
      await waitFor(async () => (await log.getByRole('article').count()) >= 6, { what: 'six messages in the thread' });

      const outbound = log.getByRole('article').filter({ hasText: 'order_shipped' });
      expect(STATE_WORDS).toContain(await description(page, outbound.first()));

      const failed = log.getByRole('article').filter({ hasText: 'See you Friday!' });
      await expect(description(page, failed)).resolves.toBe('Failed');
      await expect(failed.textContent()).resolves.toMatch(/could not deliver.*\(131026\)/);

      const reply = log.getByRole('article').filter({ hasText: 'Can it come on Friday instead?' });
      await expect(reply.locator('blockquote').count()).resolves.toBe(1);
      const pressed = log.getByRole('article').filter({ hasText: 'Chose Yes' });
      await expect(pressed.locator('blockquote').textContent()).resolves.toContain('Friday 10:00–12:00 then?');

      await look(page, 'thread');
      const dark = await openPage(browser, { colorScheme: 'dark' });
      await dark.context.addCookies(await tab.context.cookies());
      await dark.page.goto(`${inbox.url}/conversations/${conversationId}`);
      await dark.page.getByRole('log', { name: 'Messages' }).waitFor();
      await look(dark.page, 'thread-dark');
      expect(dark.outside).toEqual([]);
      await dark.close();
    });

    it('the failed queue is a table, one row per item, with the reason in words', async () => {
      const { page } = tab;
      await page.goto(`${inbox.url}/work/failed`);
      const table = page.getByRole('table', { name: 'Failed' });
      await table.waitFor();
      const rows = table.getByRole('row');
      await expect(rows.count()).resolves.toBe(2); // the header and one item
      await expect(rows.nth(1).textContent()).resolves.toMatch(/\+972501110001.*Failed.*could not deliver/);
      await look(page, 'work-failed');
    });

    it('health: the five figures as tiles', async () => {
      const { page } = tab;
      await page.goto(`${inbox.url}/health`);
      const tiles = page.getByRole('list', { name: 'Queue-health figures' }).getByRole('listitem');
      await tiles.first().waitFor();
      await expect(tiles.count()).resolves.toBe(5);
      for (const name of ['Stuck sending', 'Unattributed replies', 'Sent → delivered', 'Duplicate sends refused', 'Duplicate webhook events']) {
        await page.getByRole('heading', { name, exact: true }).waitFor();
      }
      await look(page, 'health');
    });

    it('⌘K opens the command palette; g w goes to the work queues', async () => {
      const { page } = tab;
      await page.goto(`${inbox.url}/conversations`);
      await page.getByRole('link', { name: /Dana Levi/ }).waitFor();
      await page.keyboard.press('Control+k');
      const palette = page.getByRole('dialog', { name: 'Command palette' });
      await palette.waitFor();
      await page.keyboard.type('Dana');
      await look(page, 'command-palette');
      await page.keyboard.press('Escape');
      await palette.waitFor({ state: 'detached' });
      await page.keyboard.press('Control+k');
      await page.keyboard.type('Health');
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/health');
      await page.keyboard.press('g');
      await page.keyboard.press('w');
      await page.waitForURL((url) => url.pathname === '/work/stuck_sending');
    });
  });

  it('staff: who can sign in, with their role', async () => {
    const { page } = tab;
    await page.goto(`${inbox.url}/settings/staff`);
    const table = page.getByRole('table', { name: 'Staff' });
    await table.waitFor();
    await expect(table.textContent()).resolves.toContain(ADMIN.email);
    await look(page, 'staff');
  });

  it('a conversation that does not exist, and a queue that does not: said so, with a way on', async () => {
    const { page } = tab;
    await page.goto(`${inbox.url}/conversations/00000000-0000-4000-8000-000000000000`);
    await alertSaying(page, 'No such conversation').waitFor();
    await look(page, 'thread-not-found');
    await page.goto(`${inbox.url}/work/everything`);
    await page.getByRole('heading', { name: 'No such page' }).waitFor();
    await screenshot(page, 'work-not-found');
    expect(where(page)).toBe('/work/everything');
  });
});
