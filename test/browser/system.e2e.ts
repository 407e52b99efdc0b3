import type { Browser } from 'playwright-core';
import type { InboxServer } from '../support/inbox-server.js';
import { startInboxStack, type InboxStack } from '../support/inbox-stack.js';
import { assertLocalOnly, look, openPage, signIn, where, type InboxPage } from '../support/inbox-browser.js';
import { createStaff, type StaffLogin } from '../support/staff.js';

/**
 * The System page in Chromium on the real stack: every periodic task with its latest run (the
 * sweep runs every 5 s in the test's worker, so it shows OK), the queues with their jobs, and what
 * lives in the database. An agent is refused it.
 */
describe('the System page: background work as declared, and how it last went', () => {
  let stack: InboxStack;
  let inbox: InboxServer;
  let browser: Browser;
  let tab: InboxPage;
  let agent: StaffLogin;
  beforeAll(async () => {
    stack = await startInboxStack({
      signInAs: async (api) => {
        agent = await createStaff(api, 'agent', 'Al Agent');
        return createStaff(api, 'admin', 'Ada Admin');
      },
    });
    ({ inbox, browser, tab } = stack);
  }, 120_000);
  afterAll(() => stack?.close());
  afterEach(() => assertLocalOnly(tab.outside));

  it('an admin finds it in the navigation: tasks with their latest run, queues with their jobs, the triggers', async () => {
    const { page } = tab;
    await page.goto(`${inbox.url}/conversations`);
    await page.getByRole('navigation').getByRole('link', { name: 'System' }).click();
    await page.waitForURL((url) => url.pathname === '/settings/system');
    await page.getByRole('heading', { name: 'System', level: 1 }).waitFor();
    const tasks = page.getByRole('table', { name: 'Periodic tasks' });
    const sweep = tasks.getByRole('row').filter({ hasText: 'outbox.sweep' });
    await sweep.getByText('OK').waitFor();
    await sweep.getByText('every 5 s').waitFor();
    await tasks.getByRole('row').filter({ hasText: 'webhooks.catch_up' }).getByText('on demand').waitFor();
    const queues = page.getByRole('table', { name: 'Queues' });
    await queues.getByRole('row').filter({ hasText: 'send-batch' }).waitFor();
    await page.getByText('Trigger integrator_events_outbound, after INSERT ON outbound_message_events').waitFor();
    await look(page, 'system');
  });

  it('an agent has no link to it and is refused the page', async () => {
    const agentTab = await openPage(browser);
    const { page } = agentTab;
    await page.goto(`${inbox.url}/login`);
    await signIn(page, agent);
    await page.getByRole('navigation').waitFor();
    expect(await page.getByRole('navigation').getByRole('link', { name: 'System' }).count()).toBe(0);
    await page.goto(`${inbox.url}/settings/system`);
    await page.getByRole('heading', { name: "You don't have access to this page" }).waitFor();
    expect(where(page)).toBe('/settings/system');
    expect(await page.evaluate(async () => (await fetch('/v1/system/jobs')).status)).toBe(403);
    expect(agentTab.outside).toEqual([]);
    await agentTab.close();
  });
});
