import type { Browser } from 'playwright-core';
import { launchBrowser } from '../../../test/support/browser.js';
import { startInbox, type InboxServer } from '../../../test/support/inbox-server.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { TEST_SECRETS } from '../../../test/support/test-env.js';
import { ADMIN_ENV, AGENT, alertSaying, look, openPage, signIn, where } from './inbox-browser.js';

describe('inbox: an agent is refused the admin pages', () => {
  let api: TestApp;
  let inbox: InboxServer;
  let browser: Browser;
  beforeAll(async () => {
    api = await startTestApp({ env: ADMIN_ENV });
    // An agent, made the way an integrator with the admin key would (POST /v1/staff).
    const created = await fetch(`${api.url}/v1/staff`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TEST_SECRETS.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email: AGENT.email, name: AGENT.name, role: 'agent', password: AGENT.password }),
    });
    if (created.status !== 201) throw new Error(`POST /v1/staff answered ${created.status}: ${await created.text()}`);
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
    await signIn(page, AGENT);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Conversations', exact: true }).waitFor();
    await expect(nav.getByRole('link', { name: 'Health', exact: true }).count()).resolves.toBe(0);
    await expect(page.getByRole('complementary').textContent()).resolves.toContain('Agent');
    await look(page, 'shell-agent');

    for (const path of ['/health', '/settings/staff']) {
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
    const statuses = await page.evaluate(async () => Promise.all(['/v1/metrics', '/v1/staff'].map(async (p) => (await fetch(p)).status)));
    expect(statuses).toEqual([403, 403]);

    await page.getByRole('link', { name: 'Back to conversations' }).click();
    await page.waitForURL((url) => url.pathname === '/conversations');
    expect(outside).toEqual([]);
    await close();
  });
});
