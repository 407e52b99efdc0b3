import type { Browser } from 'playwright-core';
import type { InboxServer } from '../support/inbox-server.js';
import { startInboxStack, type InboxStack } from '../support/inbox-stack.js';
import { assertLocalOnly, look, openPage, signIn, where, type InboxPage } from '../support/inbox-browser.js';
import { templatePayload, type Sendbook } from '../support/sendbook.js';
import { createStaff, type StaffLogin } from '../support/staff.js';
import { TEST_SECRETS } from '../support/test-env.js';
import { waitFor } from '../support/wait-for.js';

const waId = (n: number) => `97250310${String(n).padStart(4, '0')}`;
const SALE = 'spring sale / 2026';

/**
 * The campaigns pages in Chromium on the real stack: empty before any tagged message, then a batch
 * tagged with a campaign, two of whose customers cannot receive it and three of whom answer: the
 * list and the campaign's page show what the API counts. An agent is refused them.
 */
describe('campaigns in the browser: a tagged batch, its failures and replies', () => {
  let stack: InboxStack;
  let sb: Sendbook;
  let inbox: InboxServer;
  let browser: Browser;
  let tab: InboxPage;
  let agent: StaffLogin;
  beforeAll(async () => {
    stack = await startInboxStack({
      sendbook: { app: { env: { PRICING_RATES: '{"currency":"USD","rates":{"marketing":{"default":0.025},"utility":{"default":0.004}}}' } } },
      signInAs: async (api) => {
        agent = await createStaff(api, 'agent', 'Al Agent');
        return createStaff(api, 'admin', 'Ada Admin');
      },
    });
    ({ sb, inbox, browser, tab } = stack);
  }, 120_000);
  afterAll(() => stack?.close());
  afterEach(() => assertLocalOnly(tab.outside));

  it('before any campaign: the nav link, and an empty list that says how to make one', async () => {
    const { page } = tab;
    await page.goto(`${inbox.url}/conversations`);
    await page.getByRole('navigation').getByRole('link', { name: 'Campaigns' }).click();
    await page.waitForURL((url) => url.pathname === '/campaigns');
    await page.getByRole('heading', { name: 'Campaigns', level: 1 }).waitFor();
    await page.getByRole('status').filter({ hasText: 'No campaigns yet' }).waitFor();
    await look(page, 'campaigns-empty');
  });

  it('a batch with failures and replies: the list, then the campaign with its figures', async () => {
    sb.sim.customer(waId(5), { failWith: 131026 });
    sb.sim.customer(waId(6), { failWith: 131026 });
    const item = (n: number, campaign: string) => ({
      dedupe_key: `browser-campaign-${n}`,
      to: `+${waId(n)}`,
      purpose: 'spring_sale',
      payload: templatePayload(String(n)),
      campaign,
    });
    const res = await sb
      .api()
      .post('/v1/messages/batch')
      .send({ messages: [...[1, 2, 3, 4, 5, 6, 7, 8].map((n) => item(n, SALE)), item(9, 'restock-alerts'), item(10, 'restock-alerts')] })
      .expect(200);
    const ids = res.body.results.map((r: { message: { id: string } }) => r.message.id) as string[];
    await waitFor(() => sb.sim.acceptedMessages().length === 10, { what: 'ten sends' });
    const wamidOf = (i: number) => sb.sim.acceptedMessages().find((m) => m.bizOpaqueCallbackData === ids[i])!.wamid;
    sb.sim.customer(waId(1)).replyButton(wamidOf(0), 'yes', 'Yes, reserve one');
    sb.sim.customer(waId(2)).replyButton(wamidOf(1), 'yes', 'Yes, reserve one');
    sb.sim.customer(waId(3)).replyButton(wamidOf(2), 'no', 'No thanks');
    sb.sim.customer(waId(4)).sendText('Do you ship to Haifa?', { contextWamid: wamidOf(3) });
    await sb.sim.flushWebhooks();
    const api = async () =>
      (
        await sb
          .api()
          .get(`/v1/campaigns/${encodeURIComponent(SALE)}`)
          .expect(200)
      ).body.campaign;
    await waitFor(
      async () => {
        const c = await api();
        return c.replies.count === 4 && c.by_state.failed === 2 && c.by_state.queued + c.by_state.sending + c.by_state.accepted === 0;
      },
      { what: 'failures and replies counted', timeoutMs: 30_000 },
    );
    const counted = await api();

    const { page } = tab;
    await page.goto(`${inbox.url}/campaigns`);
    const table = page.getByRole('table', { name: 'Campaigns' });
    await table.waitFor();
    const rows = table.getByRole('row');
    // The header, then both campaigns.
    expect(await rows.count()).toBe(3);
    const sale = rows.filter({ has: page.getByRole('link', { name: SALE }) });
    await sale.getByRole('img', { name: /^8 messages: / }).waitFor();
    expect(await sale.getByRole('cell').nth(1).textContent()).toBe('8');
    expect(await sale.getByRole('cell').nth(4).textContent()).toBe('2');
    await look(page, 'campaigns-list');

    await sale.getByRole('link', { name: SALE }).click();
    await page.waitForURL((url) => decodeURIComponent(url.pathname) === `/campaigns/${SALE}`);
    await page.getByRole('heading', { name: SALE, level: 1 }).waitFor();
    const figures = page.getByRole('list', { name: 'Campaign figures' });
    const tile = (label: string) => figures.getByRole('listitem', { name: label });
    expect(await tile('Messages').textContent()).toContain('8');
    expect(await tile('Failed').textContent()).toContain('2');
    expect(await tile('Replies').textContent()).toContain('4');
    expect(await tile('Replies').textContent()).toContain('to 4 messages (50 %)');

    const failures = page.getByRole('table', { name: 'Failures by reason' });
    const failure = failures.getByRole('row').filter({ hasText: '131026' });
    expect(await failure.getByRole('cell').nth(2).textContent()).toBe('2');
    expect(counted.failures).toEqual([expect.objectContaining({ code: 131026, count: 2 })]);
    const choices = page.getByRole('table', { name: 'Choices tapped' });
    expect(await choices.getByRole('row').filter({ hasText: 'Yes, reserve one' }).getByRole('cell').nth(1).textContent()).toBe('2');
    expect(await choices.getByRole('row').filter({ hasText: 'No thanks' }).getByRole('cell').nth(1).textContent()).toBe('1');
    expect(await choices.getByRole('row').filter({ hasText: 'Other replies' }).getByRole('cell').nth(1).textContent()).toBe('1');
    const byState = page.getByRole('table', { name: 'Messages by state' });
    expect(await byState.getByRole('row').filter({ hasText: 'Failed' }).getByRole('cell').nth(1).textContent()).toBe('2');
    // Cost: the six utility templates Meta priced (outside the customers' windows) at the rate card's 0.004; the two refused carry no price.
    expect(counted.pricing).toEqual({
      billable: 6,
      free: 0,
      by_category: { utility: { billable: 6, free: 0 } },
      estimated_spend: {
        currency: 'USD',
        total: 0.024,
        by_category: { utility: 0.024 },
        by_number: { [TEST_SECRETS.phoneNumberId]: 0.024 },
        unrated_messages: 0,
      },
    });
    const cost = page.getByRole('region', { name: 'Cost' });
    expect(await cost.textContent()).toContain('6 billable · estimated $0.024');
    const utility = cost.getByRole('table', { name: 'Billable messages by category' }).getByRole('row').filter({ hasText: 'Utility' });
    expect(await utility.getByRole('cell').allTextContents()).toEqual(['Utility', '6', '0', '$0.024']);
    await cost.getByText("Meta's invoice is what you pay").waitFor();
    await look(page, 'campaign-view');
    await cost.scrollIntoViewIfNeeded();
    await look(page, 'campaign-cost');

    // The failures link to the Failed queue narrowed to that code.
    await failure.getByRole('link', { name: '2' }).click();
    await page.waitForURL((url) => url.pathname === '/work/failed' && url.searchParams.get('error') === '131026');

    const dark = await openPage(browser, { colorScheme: 'dark' });
    await dark.context.addCookies(await tab.context.cookies());
    await dark.page.goto(`${inbox.url}/campaigns/${encodeURIComponent(SALE)}`);
    await dark.page.getByRole('table', { name: 'Failures by reason' }).waitFor();
    await look(dark.page, 'campaign-view-dark');
    expect(dark.outside).toEqual([]);
    await dark.close();
  }, 90_000);

  it('a campaign nobody used: not found, in words, with a way back', async () => {
    const { page } = tab;
    await page.goto(`${inbox.url}/campaigns/never-sent`);
    await page.getByRole('alert').filter({ hasText: 'No such campaign' }).waitFor();
    await page.getByRole('link', { name: 'All campaigns' }).waitFor();
    await look(page, 'campaign-not-found');
  });

  it('an agent is refused the campaign pages, and the API refuses the agent', async () => {
    const agentTab = await openPage(browser);
    const { page } = agentTab;
    await page.goto(`${inbox.url}/login`);
    await signIn(page, agent);
    await page.getByRole('navigation').waitFor();
    expect(await page.getByRole('navigation').getByRole('link', { name: 'Campaigns' }).count()).toBe(0);
    for (const path of ['/campaigns', `/campaigns/${encodeURIComponent(SALE)}`]) {
      await page.goto(`${inbox.url}${path}`);
      await page.getByRole('heading', { name: "You don't have access to this page" }).waitFor();
      expect(where(page)).toBe(path);
    }
    const status = await page.evaluate(async () => (await fetch('/v1/campaigns')).status);
    expect(status).toBe(403);
    expect(agentTab.outside).toEqual([]);
    await agentTab.close();
  });
});
