import type { Page } from 'playwright-core';
import { inbound } from '../conversations/conversation-support.js';
import type { InboxServer } from '../support/inbox-server.js';
import { startInboxStack, type InboxStack } from '../support/inbox-stack.js';
import { assertLocalOnly, look, where, type InboxPage } from '../support/inbox-browser.js';
import { insertLongThreadRows } from '../support/long-thread-rows.mjs';
import type { Sendbook } from '../support/sendbook.js';
import { createStaff } from '../support/staff.js';
import { TEST_SECRETS } from '../support/test-env.js';
import { waitFor } from '../support/wait-for.js';

const DAY = 86_400_000;
const NOA = '972504440101';

/**
 * Search in Chromium on the real stack, as an agent: `/` opens it, the words typed go to the URL,
 * results come newest first with the match marked, and a result opens its thread at that message,
 * even a week back behind a hundred newer ones, scrolled to and highlighted.
 */
describe('search: a word a customer wrote last week opens the thread at that message', () => {
  let stack: InboxStack;
  let sb: Sendbook;
  let inbox: InboxServer;
  let tab: InboxPage;
  let conversationId: string;
  let lastWeek: string;

  beforeAll(async () => {
    stack = await startInboxStack({ signInAs: (api) => createStaff(api, 'agent', 'Ana Agent') });
    ({ sb, inbox, tab } = stack);
    // A week ago Noa wrote about the lamp; since then, 120 messages either way (a busy week), and
    // today a real message through the simulator, which made her contact and conversation.
    const today = await inbound(sb, sb.sim.customer(NOA, { name: 'Noa Peretz' }).sendText('Any news about my order?'));
    conversationId = today.conversation_id as string;
    const [{ delivery_id: deliveryId }] = await sb.dataSource.query(`SELECT delivery_id FROM inbound_messages WHERE id = $1`, [today.id]);
    const weekAgo = new Date(Date.now() - 7 * DAY);
    const [row] = await sb.dataSource.query(
      `WITH i AS (INSERT INTO inbound_messages (phone_number_id, wamid, from_wa_id, contact_name, type, text, "timestamp", raw, delivery_id, created_at)
                  VALUES ($1, 'wamid.LASTWEEK.FLAMINGO', $2, 'Noa Peretz', 'text', $3, $4, '{"type":"text"}'::jsonb, $5, $4) RETURNING id, created_at)
       INSERT INTO inbound_attributions (inbound_message_id, conversation_id, contact_id, attribution, reason, created_at, updated_at)
       SELECT id, $6, $7, 'conversation', 'none_awaiting', created_at, created_at FROM i RETURNING inbound_message_id AS id`,
      [
        TEST_SECRETS.phoneNumberId,
        NOA,
        'The flamingo lamp arrived with a cracked shade. Can you send a new one?',
        weekAgo,
        deliveryId,
        conversationId,
        today.contact_id,
      ],
    );
    lastWeek = row.id;
    await sb.dataSource.transaction((tx) =>
      insertLongThreadRows((sql: string, params: unknown[]) => tx.query(sql, params), {
        phoneNumberId: TEST_SECRETS.phoneNumberId,
        waId: NOA,
        conversationId,
        contactId: today.contact_id as string,
        deliveryId,
        count: 121,
        start: new Date(Date.now() - 6 * DAY),
      }),
    );
  }, 120_000);
  afterAll(() => stack?.close());
  afterEach(() => assertLocalOnly(tab.outside));

  const searchbox = (page: Page) => page.getByRole('searchbox', { name: 'Search messages' });
  /** The shell is hydrated once its live stream is up: keys and typing reach React from then on. */
  const ready = (page: Page) => page.locator('[data-status="live"]').waitFor();

  it('/ from anywhere opens Search, with the box ready; before typing it says what can be found', async () => {
    const { page } = tab;
    await page.goto(`${inbox.url}/conversations`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Search' }).waitFor();
    await ready(page);
    await page.keyboard.press('/');
    await page.waitForURL(/\/search$/);
    await searchbox(page).waitFor();
    await waitFor(() => searchbox(page).evaluate((el) => el === (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement), {
      what: 'the search box focused',
    });
    await page.getByRole('heading', { name: 'Search every conversation' }).waitFor();
    await look(page, 'search-intro');
  });

  it('finds the word, newest first, with the contact, who wrote it and the match marked; the query is in the URL', async () => {
    const { page } = tab;
    await searchbox(page).fill('flamingo');
    const result = page.getByRole('link', { name: /flamingo lamp/ });
    await result.waitFor();
    await waitFor(() => where(page) === '/search?q=flamingo', { what: 'the query in the URL' });
    await expect(result.textContent()).resolves.toContain('Noa Peretz');
    await expect(result.textContent()).resolves.toContain('Customer');
    await expect(result.locator('mark').allTextContents()).resolves.toEqual(['flamingo']);
    await expect(result.getAttribute('href')).resolves.toBe(`/conversations/${conversationId}?message=${lastWeek}`);
    await look(page, 'search-results');
  });

  it('a result opens the thread at that message, a week back: loaded, scrolled into view, focused and highlighted', async () => {
    // A hundred and twenty newer entries: last week's message is not in the page a thread opens with.
    const opened = (await sb.api().get(`/v1/conversations/${conversationId}`).expect(200)).body;
    expect(opened.timeline.some((e: { inbound?: { id: string } }) => e.inbound?.id === lastWeek)).toBe(false);
    const { page } = tab;
    await page.getByRole('link', { name: /flamingo lamp/ }).click();
    await page.waitForURL(`**/conversations/${conversationId}?message=${lastWeek}`);
    const log = page.getByRole('log', { name: 'Messages' });
    const article = log.getByRole('article').filter({ hasText: 'flamingo lamp' });
    // The highlight fades after a moment: caught while it is on.
    await waitFor(async () => (await article.count()) === 1 && (await article.getAttribute('data-highlighted')) !== null, {
      what: 'the message from last week highlighted',
      intervalMs: 25,
    });
    const shown = await visibleIn(log, article);
    expect(shown).toBe(true);
    await expect(
      article.evaluate((el) => {
        const focused = (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement;
        return focused === el || (el as unknown as { contains(n: unknown): boolean }).contains(focused);
      }),
    ).resolves.toBe(true);
    await look(page, 'search-opened-thread');
  });

  it('pages with Load more', async () => {
    const { page } = tab;
    // The live stream reads what the page shows once it opens; a Load more pressed during that
    // read would be folded into it. Pressed after.
    const reread = page.waitForResponse((r) => r.url().includes('/v1/search?q=customer') && !r.url().includes('cursor='));
    await page.goto(`${inbox.url}/search?q=customer`);
    await reread;
    const results = page.getByRole('list', { name: 'Results for customer' }).getByRole('link');
    await waitFor(async () => (await results.count()) === 20, { what: 'the first page' });
    await page.getByRole('button', { name: 'Load more' }).click();
    await waitFor(async () => (await results.count()) === 40, { what: 'the second page' });
  });

  it('says when nothing matches, shows its loading, and an API that fails can be retried', async () => {
    const { page } = tab;
    await page.goto(`${inbox.url}/search`);
    await ready(page);
    await searchbox(page).fill('zyzzyva');
    await page.getByRole('status').filter({ hasText: 'No messages match “zyzzyva”' }).waitFor();
    await look(page, 'search-empty');

    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/v1/search?**', async (route) => {
      await held;
      await route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'unavailable', message: 'down for a moment' }) });
    });
    await searchbox(page).fill('cracked shade');
    await page.getByRole('status').filter({ hasText: 'Searching…' }).waitFor();
    await look(page, 'search-loading');
    release();
    const problem = page.getByRole('alert').filter({ hasText: 'The API had a problem' });
    await problem.waitFor();
    await look(page, 'search-error');
    await page.unroute('**/v1/search?**');
    await problem.getByRole('button', { name: /try again/i }).click();
    await page.getByRole('link', { name: /flamingo lamp/ }).waitFor();
  });
});

/** Whether the element lies within the scrolling log's visible box. */
async function visibleIn(container: ReturnType<Page['getByRole']>, element: ReturnType<Page['getByRole']>): Promise<boolean> {
  const [outer, inner] = await Promise.all([container.boundingBox(), element.boundingBox()]);
  if (!outer || !inner) return false;
  return inner.y >= outer.y - 1 && inner.y + Math.min(inner.height, outer.height) <= outer.y + outer.height + 1;
}
