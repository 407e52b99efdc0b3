import type { Browser } from 'playwright-core';
import request from 'supertest';
import { launchBrowser } from '../support/browser.js';
import { startInbox, type InboxServer } from '../support/inbox-server.js';
import { createStaff, type StaffLogin } from '../support/staff.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { TEST_SECRETS } from '../support/test-env.js';
import { ADMIN_ENV, alertSaying, look, openPage, signIn, where } from '../support/inbox-browser.js';

describe('inbox: what an agent may see, and a session that ends elsewhere', () => {
  let api: TestApp;
  let inbox: InboxServer;
  let browser: Browser;
  let agent: StaffLogin;
  const setActive = (active: boolean) =>
    request(api.url).patch(`/v1/staff/${agent.id}`).set('Authorization', `Bearer ${TEST_SECRETS.apiKey}`).send({ active }).expect(200);
  beforeAll(async () => {
    api = await startTestApp({ env: ADMIN_ENV });
    agent = await createStaff(api, 'agent', 'Ada Lovelace');
    inbox = await startInbox(api.url);
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await inbox?.close();
    await api?.close();
  });

  it('the agent sees no admin links, and /health and /settings/staff say "no access" with a way back, decided on the server', async () => {
    const { page, outside, close } = await openPage(browser);
    await page.goto(`${inbox.url}/login`);
    await signIn(page, agent);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Conversations', exact: true }).waitFor();
    await expect(nav.getByRole('link', { name: 'Health', exact: true }).count()).resolves.toBe(0);
    await expect(page.getByRole('complementary').textContent()).resolves.toContain('Agent');
    await look(page, 'shell-agent');

    for (const path of ['/health', '/settings/staff', '/settings/event-endpoints']) {
      const response = await page.goto(`${inbox.url}${path}`);
      expect(where(page)).toBe(path);
      // The refusal is in the server's HTML, not painted later by the browser.
      expect(await response?.text()).toContain('You don&#x27;t have access to this page');
      const alert = alertSaying(page, "You don't have access to this page");
      await expect(alert.getByRole('heading', { name: "You don't have access to this page" }).count()).resolves.toBe(1);
      await alert.getByRole('link', { name: 'Back to conversations' }).waitFor();
      await look(page, `forbidden${path.replace(/\//g, '-')}`);
    }

    // And the API refuses the agent's session itself.
    const statuses = await page.evaluate(async () =>
      Promise.all(['/v1/metrics', '/v1/staff', '/v1/event-endpoints'].map(async (p) => (await fetch(p)).status)),
    );
    expect(statuses).toEqual([403, 403, 403]);

    await page.getByRole('link', { name: 'Back to conversations' }).click();
    await page.waitForURL((url) => url.pathname === '/conversations');
    expect(outside).toEqual([]);
    await close();
  });

  it('deactivated while working: the next request sends the agent to sign in, and back to the same page after', async () => {
    const { page, outside, close } = await openPage(browser);
    await page.goto(`${inbox.url}/work/failed`);
    await signIn(page, agent);
    expect(where(page)).toBe('/work/failed');
    await page.getByRole('heading', { name: 'Work', level: 1 }).waitFor();

    await setActive(false);
    // The next request from the browser meets the ended session: the live stream closing, or this.
    await page
      .getByRole('button', { name: 'Refresh' })
      .click({ timeout: 5000 })
      .catch(() => undefined);
    await page.waitForURL((url) => url.pathname === '/login', { timeout: 15_000 });
    expect(where(page)).toBe('/login?next=%2Fwork%2Ffailed&reason=session_ended');
    await page.getByRole('status').filter({ hasText: 'Your session ended.' }).waitFor();
    await look(page, 'login-session-ended');

    await setActive(true);
    await signIn(page, agent);
    expect(where(page)).toBe('/work/failed');
    expect(outside).toEqual([]);
    await close();
  });
});
