import type { Browser } from 'playwright-core';
import { launchBrowser } from '../support/browser.js';
import { startInbox, type InboxServer } from '../support/inbox-server.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

describe('inbox in a real browser', () => {
  let api: TestApp;
  let inbox: InboxServer;
  let browser: Browser;
  beforeAll(async () => {
    api = await startTestApp();
    inbox = await startInbox(api.url);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await inbox?.close();
    await api?.close();
  });

  it('shows the API, PostgreSQL and Redis as ready', async () => {
    const page = await browser.newPage();
    await page.goto(inbox.url);
    await expect(page.textContent('[data-testid=api-status]')).resolves.toBe('ready');
    const text = await page.textContent('main');
    expect(text).toContain('PostgreSQL');
    expect(text).toMatch(/Redis\s*ok/);
  });

  it('says so plainly when the API cannot be reached', async () => {
    const unreachable = await startInbox('http://127.0.0.1:9');
    try {
      const page = await browser.newPage();
      await page.goto(unreachable.url);
      await expect(page.textContent('[data-testid=api-status]')).resolves.toBe('unreachable');
    } finally {
      await unreachable.close();
    }
    // A second `next start` boots here: on a busy machine that alone can take half a minute.
  }, 120_000);
});
