import type { Browser } from 'playwright-core';
import { launchBrowser } from '../support/browser.js';
import { startInbox, type InboxServer } from '../support/inbox-server.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { ADMIN, ADMIN_ENV, alertSaying, look, openPage, screenshot, signIn, where } from '../support/inbox-browser.js';

describe('inbox: signing in and out, in a real browser', () => {
  let api: TestApp;
  let inbox: InboxServer;
  let browser: Browser;
  beforeAll(async () => {
    api = await startTestApp({ env: ADMIN_ENV });
    inbox = await startInbox(api.url);
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await inbox?.close();
    await api?.close();
  });

  it('the sign-in page: Email and Password fields ready for a password manager, a Sign in button; nothing fetched from outside', async () => {
    const { page, outside, close } = await openPage(browser);
    await page.goto(`${inbox.url}/login`);
    const email = page.getByRole('textbox', { name: 'Email' });
    const password = page.getByRole('textbox', { name: 'Password' });
    await expect(email.getAttribute('autocomplete')).resolves.toBe('username');
    await expect(email.getAttribute('type')).resolves.toBe('email');
    await expect(password.getAttribute('autocomplete')).resolves.toBe('current-password');
    await expect(password.getAttribute('type')).resolves.toBe('password');
    await expect(page.getByRole('button', { name: 'Sign in' }).isEnabled()).resolves.toBe(true);
    await look(page, 'login');
    expect(outside).toEqual([]);
    await close();
  });

  it('works at 320 px wide and in the dark', async () => {
    const narrow = await openPage(browser, { width: 320, height: 640 });
    await narrow.page.goto(`${inbox.url}/login`);
    const width = await narrow.page.evaluate(
      () => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth,
    );
    expect(width).toBeLessThanOrEqual(320);
    await look(narrow.page, 'login-320px');
    await narrow.close();
    const dark = await openPage(browser, { colorScheme: 'dark' });
    await dark.page.goto(`${inbox.url}/login`);
    await look(dark.page, 'login-dark');
    await dark.close();
  });

  it('a wrong password is refused in words, in a role=alert, the same as an unknown email', async () => {
    const { page, outside, close } = await openPage(browser);
    await page.goto(`${inbox.url}/login`);
    await page.getByRole('textbox', { name: 'Email' }).fill(ADMIN.email);
    await page.getByRole('textbox', { name: 'Password' }).fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await alertSaying(page, 'Wrong email or password.').waitFor();
    await look(page, 'login-wrong-password');

    await page.getByRole('textbox', { name: 'Email' }).fill('nobody@sendbook.test');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await alertSaying(page, 'Wrong email or password.').waitFor();
    expect(where(page)).toBe('/login');
    expect(outside).toEqual([]);
    await close();
  });

  it('Enter signs in, once: one press is one request, however fast the keys come', async () => {
    const { page, outside, close } = await openPage(browser);
    const logins: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/v1/auth/login') logins.push(request.url());
    });
    await page.goto(`${inbox.url}/login`);
    await page.getByRole('textbox', { name: 'Email' }).fill(ADMIN.email);
    await page.getByRole('textbox', { name: 'Password' }).fill(ADMIN.password);
    const password = page.getByRole('textbox', { name: 'Password' });
    await password.press('Enter');
    await password.press('Enter').catch(() => undefined);
    await page
      .getByRole('button', { name: 'Sign in' })
      .click({ timeout: 500 })
      .catch(() => undefined);
    await page.waitForURL((url) => url.pathname === '/conversations', { timeout: 15_000 });
    expect(logins).toHaveLength(1);
    expect(outside).toEqual([]);
    await close();
  });

  it('signs in to the shell (navigation, name and role), and Sign out ends the session', async () => {
    const { page, outside, close } = await openPage(browser);
    await page.goto(`${inbox.url}/`);
    expect(where(page)).toBe('/login');
    await signIn(page, ADMIN);
    expect(where(page)).toBe('/conversations');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Conversations', 'Work', 'Health', 'Staff']) await nav.getByRole('link', { name, exact: true }).waitFor();
    await expect(nav.getByRole('link', { name: 'Conversations', exact: true }).getAttribute('href')).resolves.toBe('/conversations');
    await expect(nav.getByRole('link', { name: 'Health', exact: true }).getAttribute('href')).resolves.toBe('/health');
    await expect(page.getByRole('complementary').textContent()).resolves.toContain('Admin');
    await look(page, 'shell-admin');

    // The skip link is the first thing Tab reaches, and it goes to the page.
    await page.keyboard.press('Tab');
    await expect(
      page.evaluate(() => (globalThis as unknown as { document: { activeElement: { textContent: string } | null } }).document.activeElement?.textContent),
    ).resolves.toBe('Skip to content');
    await screenshot(page, 'shell-skip-link');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('status').filter({ hasText: 'You signed out' }).waitFor();
    await look(page, 'login-signed-out');
    // The session is gone at the API, not just in this tab.
    await page.goto(`${inbox.url}/work/failed`);
    expect(where(page)).toBe('/login?next=%2Fwork%2Ffailed');
    const me = await page.evaluate(async () => (await fetch('/v1/auth/me')).status);
    expect(me).toBe(401);
    expect(outside).toEqual([]);
    await close();
  });

  it('a signed-out deep link lands on sign-in and returns to that page, query and all', async () => {
    const { page, outside, close } = await openPage(browser);
    await page.goto(`${inbox.url}/work/held?limit=5`);
    expect(where(page)).toBe('/login?next=%2Fwork%2Fheld%3Flimit%3D5');
    await screenshot(page, 'login-deep-link');
    await signIn(page, ADMIN);
    expect(where(page)).toBe('/work/held?limit=5');
    await page.getByRole('heading', { name: 'Work', level: 1 }).waitFor();
    expect(outside).toEqual([]);
    await close();
  });

  it('next= cannot send anyone off the inbox', async () => {
    const { page, outside, close } = await openPage(browser);
    await page.goto(`${inbox.url}/login?next=${encodeURIComponent('https://evil.example/phish')}`);
    await signIn(page, ADMIN);
    expect(where(page)).toBe('/conversations');
    await page.goto(`${inbox.url}/login?next=${encodeURIComponent('//evil.example')}`);
    // Already signed in: the sign-in page moves on at once, to a safe place.
    expect(where(page)).toBe('/conversations');
    expect(outside).toEqual([]);
    await close();
  });
});

describe('inbox: when the API cannot be reached', () => {
  let inbox: InboxServer;
  let browser: Browser;
  beforeAll(async () => {
    inbox = await startInbox('http://127.0.0.1:9');
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await inbox?.close();
  });

  it('signing in says so plainly in a role=alert, and the page still works', async () => {
    const { page, outside, close } = await openPage(browser);
    await page.goto(`${inbox.url}/conversations`);
    expect(where(page)).toBe('/login');
    await page.getByRole('textbox', { name: 'Email' }).fill(ADMIN.email);
    await page.getByRole('textbox', { name: 'Password' }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await alertSaying(page, 'The API is unreachable').waitFor();
    await expect(page.getByRole('button', { name: 'Sign in' }).isEnabled()).resolves.toBe(true);
    await look(page, 'login-api-unreachable');
    // The API path answers for the API in JSON, not with an HTML error page.
    const answer = await page.evaluate(async () => {
      const response = await fetch('/v1/conversations');
      return { status: response.status, body: await response.json() };
    });
    expect(answer).toEqual({ status: 502, body: { error: 'api_unreachable', message: 'the inbox could not reach the API' } });
    expect(outside).toEqual([]);
    await close();
  });
});
