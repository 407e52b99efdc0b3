import { inbound } from '../conversations/conversation-support.js';
import { conversationOf } from '../support/agent-inbox.js';
import type { InboxServer } from '../support/inbox-server.js';
import { startInboxStack, type InboxStack } from '../support/inbox-stack.js';
import { assertLocalOnly, look, type InboxPage } from '../support/inbox-browser.js';
import type { Sendbook } from '../support/sendbook.js';
import { createStaff } from '../support/staff.js';

/**
 * Labels and snooze in Chromium on the real stack: an agent labels a thread from its header, filters
 * the list by that label, snoozes the thread until the customer replies (it leaves Open and says so),
 * and sees it wake, live, when the customer writes.
 */
describe('labels and snooze in the inbox', () => {
  let stack: InboxStack;
  let sb: Sendbook;
  let inbox: InboxServer;
  let tab: InboxPage;
  beforeAll(async () => {
    stack = await startInboxStack({ signInAs: (api) => createStaff(api, 'agent', 'Lina Agent') });
    ({ sb, inbox, tab } = stack);
  }, 120_000);
  afterAll(() => stack?.close());
  afterEach(() => assertLocalOnly(tab.outside));

  it('an agent labels a thread, filters the list by the label, snoozes it until they reply, and sees it wake when they write', async () => {
    const dana = sb.sim.customer('972504440001', { name: 'Dana Levi' });
    const omer = sb.sim.customer('972504440002', { name: 'Omer Katz' });
    await inbound(sb, dana.sendText('My invoice is wrong'));
    await inbound(sb, omer.sendText('Hello'));
    const id = await conversationOf(sb, dana.waId);
    const { page } = tab;

    await page.goto(`${inbox.url}/conversations/${id}`);
    await page.getByRole('combobox', { name: 'Add label' }).fill('  Billing ');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('button', { name: 'Remove label billing' }).waitFor();
    await page.getByRole('combobox', { name: 'Add label' }).fill('later');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('button', { name: 'Remove label later' }).click();
    await page.getByRole('button', { name: 'Remove label later' }).waitFor({ state: 'detached' });
    await look(page, 'labels-thread');

    // The list, filtered by the label: Dana's thread, not Omer's.
    await page.goto(`${inbox.url}/conversations`);
    const list = page.getByRole('list').filter({ has: page.getByRole('link', { name: /Omer Katz/ }) });
    await list.waitFor();
    await page.getByRole('combobox', { name: 'Label' }).selectOption('billing');
    await page.getByRole('link', { name: /Omer Katz/ }).waitFor({ state: 'detached' });
    await page.getByRole('link', { name: /Dana Levi/ }).waitFor();
    await page.waitForURL(/label=billing/);
    await look(page, 'labels-filtered');

    // Snoozed until they reply: out of Open, under Snoozed.
    await page.goto(`${inbox.url}/conversations/${id}`);
    await page.getByRole('button', { name: 'Snooze', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Until they reply' }).click();
    const snoozed = page.getByRole('status').filter({ hasText: 'Snoozed until they reply', has: page.getByRole('button', { name: 'Wake now' }) });
    await snoozed.waitFor();
    await look(page, 'snoozed-thread');
    const ids = async (query: string) => ((await sb.api().get(`/v1/conversations?${query}`).expect(200)).body.data as { id: string }[]).map((c) => c.id);
    expect(await ids('state=open')).not.toContain(id);
    expect(await ids('state=snoozed')).toContain(id);

    await page.goto(`${inbox.url}/conversations?state=snoozed`);
    await page.getByRole('link', { name: /Dana Levi/ }).waitFor();
    await page.getByRole('link', { name: /Omer Katz/ }).waitFor({ state: 'detached' });
    await look(page, 'snoozed-list');

    // The customer writes: the thread wakes, live, and is back in Open.
    await page.goto(`${inbox.url}/conversations/${id}`);
    await snoozed.waitFor();
    await inbound(sb, dana.sendText('Any news?'));
    await snoozed.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Snooze', exact: true }).waitFor();
    expect(await ids('state=open')).toContain(id);
    await look(page, 'snooze-woken');
  });
});
