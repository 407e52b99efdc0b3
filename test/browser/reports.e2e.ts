import type { Locator, Page } from 'playwright-core';
import request from 'supertest';
import { addDays, localDate, startOfLocalDay } from '@sendbook/queue';
import { inbound } from '../conversations/conversation-support.js';
import type { InboxServer } from '../support/inbox-server.js';
import { startInboxStack, type InboxStack } from '../support/inbox-stack.js';
import { alertSaying, assertLocalOnly, look, openPage, signIn as signInPage, type InboxPage } from '../support/inbox-browser.js';
import { ManualClock } from '../support/manual-clock.js';
import type { Sendbook } from '../support/sendbook.js';
import { asSession, createStaff, signIn } from '../support/staff.js';
import { TEST_SECRETS } from '../support/test-env.js';
import { waitFor } from '../support/wait-for.js';

/** The browser's zone (openPage): the page cuts days in it. */
const ZONE = 'Asia/Jerusalem';
const MINUTE = 60_000;
const SALES_NUMBER = '106540352242923';
const NUMBERS = [TEST_SECRETS.phoneNumberId, SALES_NUMBER].map((id, i) => ({
  id,
  displayPhoneNumber: `1555078388${i + 1}`,
  wabaId: TEST_SECRETS.businessAccountId,
  mps: 80,
}));

const TODAY = localDate(new Date(), ZONE);
/** Two days ago and yesterday, in the browser's zone: inside "Last 7 days". */
const DAY_A = addDays(TODAY, -2);
const DAY_B = addDays(TODAY, -1);
const T0 = startOfLocalDay(DAY_A, ZONE).getTime() + 9 * 60 * MINUTE;

/** A day's words as the page writes them ("Tue 3 Mar"). */
const dayWords = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).replace(',', '');

/**
 * Reports in Chromium on the real stack: a day scripted through the API (on a clock two days back
 * that the test moves, so every figure is exact), then an admin reads /reports: the agents' table
 * with durations in words, a row's days, the chart's words, Teams, another period, the empty,
 * loading and error states, no horizontal scroll at 1280 px; an agent is refused.
 */
describe('reports: an admin reads figures per agent and team', () => {
  const clock = new ManualClock(T0);
  const at = (minutes: number) => clock.set(T0 + minutes * MINUTE);
  let stack: InboxStack;
  let sb: Sendbook;
  let inbox: InboxServer;
  let tab: InboxPage;
  let agentLogin: { email: string; password: string };

  beforeAll(async () => {
    stack = await startInboxStack({
      // Sessions outlive the day the clock skips.
      sendbook: {
        sim: { now: () => clock.now().getTime(), phoneNumbers: NUMBERS },
        app: { clock, env: { TEAM_WORK_INTERVAL_MS: '200', SESSION_IDLE_MINUTES: '4320' } },
      },
      signInAs: (api) => createStaff(api, 'admin', 'Ada Admin'),
    });
    ({ sb, inbox, tab } = stack);
    const people: Record<string, { id: string; cookie: string }> = {};
    for (const name of ['Ana Agent', 'Ben Agent', 'Cy Agent']) {
      const login = await createStaff(sb, 'agent', name);
      if (name === 'Ana Agent') agentLogin = login;
      people[name] = { id: login.id, cookie: await signIn(sb, login) };
    }
    const as = (name: string) => asSession(sb, people[name]!.cookie);
    const key = (t: request.Test) => t.set('Authorization', `Bearer ${TEST_SECRETS.apiKey}`);
    const team = (name: string, members: string[], number: string) =>
      key(request(sb.url).post('/v1/teams'))
        .send({
          name,
          member_ids: members.map((m) => people[m]!.id),
          phone_number_ids: [number],
          targets: { first_response_seconds: 300, next_response_seconds: 900 },
        })
        .expect(201);
    await team('Support', ['Ana Agent', 'Ben Agent'], TEST_SECRETS.phoneNumberId);
    await team('Sales', ['Cy Agent'], SALES_NUMBER);
    const write = async (waId: string, number: string, text: string) =>
      (await inbound(sb, sb.sim.customer(waId, { name: `Customer ${waId.slice(-1)}`, phoneNumberId: number }).sendText(text))).conversation_id as string;
    let n = 0;
    const reply = (who: string, thread: string) =>
      as(who)
        .post(`/v1/conversations/${thread}/replies`)
        .send({ text: `On it (${++n})`, client_request_id: `browser-report-${n}` })
        .expect(201);
    const close = (who: string, thread: string) => as(who).patch(`/v1/conversations/${thread}`).send({ state: 'closed' }).expect(200);

    // Day A, 09:00 in Jerusalem.
    at(0);
    const c1 = await write('16505558001', TEST_SECRETS.phoneNumberId, 'where is my parcel?');
    const c2 = await write('16505558002', TEST_SECRETS.phoneNumberId, 'wrong size delivered');
    at(1);
    await key(request(sb.url).patch(`/v1/conversations/${c2}`))
      .send({ assignee: people['Ben Agent']!.id })
      .expect(200);
    at(2);
    const c3 = await write('16505558003', SALES_NUMBER, 'do you sell gift cards?');
    at(3);
    await key(request(sb.url).patch(`/v1/conversations/${c3}`))
      .send({ assignee: people['Cy Agent']!.id })
      .expect(200);
    await reply('Cy Agent', c3); // first response 1m
    at(4);
    await key(request(sb.url).patch(`/v1/conversations/${c1}`))
      .send({ assignee: people['Ana Agent']!.id })
      .expect(200);
    await reply('Ana Agent', c1); // first response 4m
    at(5);
    await close('Cy Agent', c3); // resolution 3m
    at(6); // c2 waited past its 5 minutes: a breach for Ben
    await waitFor(async () => (await sb.dataSource.query(`SELECT 1 FROM audit_events WHERE action = 'conversation.sla_breached'`)).length === 1, {
      what: 'the breach',
    });
    at(10);
    await write('16505558001', TEST_SECRETS.phoneNumberId, 'any news?');
    clock.set(T0 + 14 * MINUTE + 10_000);
    await reply('Ana Agent', c1); // next response 4m 10s
    at(20);
    await reply('Ben Agent', c2); // first response 20m
    at(30);
    await close('Ana Agent', c1); // resolution 30m
    // Day B, 10:00: Ben closes c2, 25 hours after it opened.
    at(25 * 60);
    await close('Ben Agent', c2);
  }, 180_000);
  afterAll(() => stack?.close());
  afterEach(() => assertLocalOnly(tab.outside));

  const table = (page: Page, name: string) => page.getByRole('table', { name });
  const rowOf = (t: Locator, header: string | RegExp) => t.getByRole('row').filter({ has: t.page().getByRole('rowheader', { name: header }) });
  /** A row's figures as the page shows them ("—" where there is no sample). */
  const figures = async (row: Locator) => (await row.getByRole('cell').allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').replace('— none', '—').trim());
  const noSideScroll = (page: Page) =>
    page.evaluate(() => {
      // Runs in the page; typed without the DOM library, which the workspace's test config leaves out.
      const root = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document.documentElement;
      return root.scrollWidth <= root.clientWidth;
    });

  it('the last 7 days by agent: each figure, durations in words; a row opens onto its days; the chart in words; no sideways scroll at 1280 px', async () => {
    const { page } = tab;
    await page.goto(`${inbox.url}/reports`);
    await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Reports' }).waitFor();
    const agents = table(page, 'Figures per agent');
    await agents.waitFor();
    await page.getByText(`Last 7 days, days in ${ZONE}`).filter({ visible: true }).waitFor();
    // Handled, replies sent, first response median and p90, next response p90, resolution median, breaches.
    expect(await figures(rowOf(agents, /^Ana Agent/))).toEqual(['1', '2', '4m', '4m', '4m 10s', '30m', '0']);
    expect(await figures(rowOf(agents, /^Ben Agent/))).toEqual(['1', '1', '20m', '20m', '—', '1d 1h', '1']);
    expect(await figures(rowOf(agents, /^Cy Agent/))).toEqual(['1', '1', '1m', '1m', '—', '3m', '0']);
    expect(await figures(rowOf(agents, 'All agents'))).toEqual(['3', '4', '4m', '20m', '4m 10s', '30m', '1']);
    const chart = page.getByRole('figure', { name: 'Conversations handled per day, per agent' });
    await chart.waitFor();
    expect(await chart.getAttribute('aria-describedby')).toBeTruthy();
    await chart.getByText(`${dayWords(addDays(TODAY, -6))} – ${dayWords(TODAY)}: Ana Agent 1, Ben Agent 1, Cy Agent 1 in all.`, { exact: false }).waitFor();
    await waitFor(async () => (await chart.locator('canvas').count()) > 0, { what: 'the chart drawn' });
    expect(await noSideScroll(page)).toBe(true);
    await look(page, 'reports-agents');

    await page.getByRole('button', { name: 'Ben Agent: each day', expanded: false }).click();
    await page.getByRole('button', { name: 'Ben Agent: each day', expanded: true }).waitFor();
    expect(await figures(rowOf(agents, `Ben Agent, ${dayWords(DAY_A)}`))).toEqual(['0', '1', '20m', '20m', '—', '—', '1']);
    expect(await figures(rowOf(agents, `Ben Agent, ${dayWords(DAY_B)}`))).toEqual(['1', '0', '—', '—', '—', '1d 1h', '0']);
    expect(await figures(rowOf(agents, `Ben Agent, ${dayWords(TODAY)}`))).toEqual(['0', '0', '—', '—', '—', '—', '0']);
    await page.getByRole('group', { name: 'Chart shows' }).getByRole('button', { name: 'First response' }).click();
    await page
      .getByRole('figure', { name: 'First response median per day, per agent' })
      .getByText(/Slowest day: Ben Agent, 20m on /)
      .waitFor();
    expect(await noSideScroll(page)).toBe(true);
    await look(page, 'reports-agent-days');
  });

  it('by team: Sales and Support, the figures adding up; the choice is in the URL', async () => {
    const { page } = tab;
    await page.getByRole('group', { name: 'Report by' }).getByRole('button', { name: 'Teams' }).click();
    const teams = table(page, 'Figures per team');
    await teams.waitFor();
    await waitFor(() => page.url().endsWith('/reports?view=teams'), { what: 'the URL to say Teams' });
    expect(await teams.getByRole('rowheader').allInnerTexts()).toEqual(['Sales', 'Support', 'All teams']);
    expect(await figures(rowOf(teams, /^Support/))).toEqual(['2', '3', '4m', '20m', '4m 10s', '30m', '1']);
    expect(await figures(rowOf(teams, /^Sales/))).toEqual(['1', '1', '1m', '1m', '—', '3m', '0']);
    expect(await figures(rowOf(teams, 'All teams'))).toEqual(['3', '4', '4m', '20m', '4m 10s', '30m', '1']);
    await look(page, 'reports-teams');
    // A reload keeps the choice.
    await page.reload();
    await table(page, 'Figures per team').waitFor();
  });

  it('another period: last 30 days, two days of its own choosing, one refused; empty, loading and error', async () => {
    const { page } = tab;
    const period = page.getByRole('group', { name: 'Period' });
    await period.getByRole('button', { name: 'Last 30 days' }).click();
    await page.getByText(`Last 30 days, days in ${ZONE}`).filter({ visible: true }).waitFor();
    await rowOf(table(page, 'Figures per team'), /^Support/).waitFor();
    expect(await figures(rowOf(table(page, 'Figures per team'), /^Support/))).toEqual(['2', '3', '4m', '20m', '4m 10s', '30m', '1']);

    await period.getByRole('button', { name: 'Custom' }).click();
    const custom = page.getByRole('form', { name: 'Custom period' });
    await custom.getByLabel('From').fill(DAY_A);
    await custom.getByLabel('To').fill(addDays(DAY_A, -1));
    await custom.getByRole('button', { name: 'Show' }).click();
    await alertSaying(page, 'The last day comes before the first.').waitFor();
    await look(page, 'reports-custom-refused');
    await custom.getByLabel('To').fill(DAY_A);
    await custom.getByRole('button', { name: 'Show' }).click();
    await waitFor(() => page.url().endsWith(`/reports?view=teams&from=${DAY_A}&to=${DAY_A}`), { what: 'the URL to name the day' });
    // On day A Support handled c1 only; c2 closed the next day.
    await waitFor(async () => (await figures(rowOf(table(page, 'Figures per team'), /^Support/)))[0] === '1', { what: 'day A alone' });
    expect(await figures(rowOf(table(page, 'Figures per team'), /^Support/))).toEqual(['1', '3', '4m', '20m', '4m 10s', '30m', '1']);

    const longAgo = addDays(TODAY, -60);
    await custom.getByLabel('From').fill(longAgo);
    await custom.getByLabel('To').fill(addDays(longAgo, 1));
    await custom.getByRole('button', { name: 'Show' }).click();
    await page.getByRole('status').filter({ hasText: 'Nothing in this period' }).waitFor();
    await look(page, 'reports-empty');

    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/v1/reports/**', async (route) => {
      await held;
      await route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'unavailable', message: 'down for a moment' }) });
    });
    // A report not asked for before: by agent, those two days long ago.
    await page.getByRole('group', { name: 'Report by' }).getByRole('button', { name: 'Agents' }).click();
    await page.getByRole('status').filter({ hasText: 'Loading the report…' }).waitFor();
    await look(page, 'reports-loading');
    release();
    const problem = alertSaying(page, 'The API had a problem');
    await problem.waitFor();
    await look(page, 'reports-error');
    await page.unroute('**/v1/reports/**');
    await problem.getByRole('button', { name: /try again/i }).click();
    await page.getByRole('status').filter({ hasText: 'Nothing in this period' }).waitFor();
  });

  it('an agent is refused, and has no Reports link', async () => {
    const agent = await openPage(stack.browser);
    try {
      await agent.page.goto(`${inbox.url}/login`);
      await signInPage(agent.page, agentLogin);
      await agent.page.goto(`${inbox.url}/reports`);
      await agent.page.getByRole('heading', { level: 1, name: /access/i }).waitFor();
      expect(await agent.page.getByRole('table').count()).toBe(0);
      expect(await agent.page.getByRole('link', { name: 'Reports' }).count()).toBe(0);
      await look(agent.page, 'reports-agent-refused');
      assertLocalOnly(agent.outside);
    } finally {
      await agent.close();
    }
  });
});
