import type { Browser } from 'playwright-core';
import { launchBrowser } from '../support/browser.js';
import { startInbox, type InboxServer } from '../support/inbox-server.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { ADMIN, ADMIN_ENV, alertSaying, look, openPage, signIn, where } from '../support/inbox-browser.js';

// Onboarding as people do it: an admin invites an agent and passes the link on; the agent opens it
// in a browser of their own, sees it is for them, chooses a password and is in. The link is then
// spent and says so; the password works at the sign-in page.
describe('inbox: an invite link, from the Staff page to a signed-in agent', () => {
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

  /** The token of the link the Staff page shows once (the API builds it on INBOX_URL; this inbox runs elsewhere). */
  const tokenOf = (url: string) => url.split('/invite/')[1]!;

  it('an admin invites; the agent sets a password in a fresh browser and lands signed in; the link is then spent', async () => {
    const admin = await openPage(browser);
    await admin.page.goto(`${inbox.url}/login`);
    await signIn(admin.page, ADMIN);
    await admin.page.goto(`${inbox.url}/settings/staff`);
    await admin.page.getByRole('button', { name: 'Invite' }).click();
    const ask = admin.page.getByRole('dialog');
    await ask.getByRole('textbox', { name: 'Name' }).fill('Dana Newhire');
    await ask.getByRole('textbox', { name: 'Email' }).fill('dana@shop.example');
    await ask.getByRole('button', { name: 'Confirm' }).click();
    const link = await admin.page.getByRole('textbox', { name: 'One-time link' }).inputValue();
    await admin.page.getByRole('button', { name: 'Copy' }).click();
    await admin.page
      .getByRole('button', { name: /^Copied$/ })
      .or(admin.page.getByRole('status').filter({ hasText: 'Copying is not allowed here' }))
      .first()
      .waitFor();
    await look(admin.page, 'staff-invite-link');
    const row = admin.page.getByRole('table', { name: 'Staff' }).getByRole('row').filter({ hasText: 'dana@shop.example' });
    await row.getByRole('button', { name: 'Resend invite' }).waitFor();

    // The agent's own browser: no session, the link straight from the message they got.
    const agent = await openPage(browser);
    await agent.page.goto(`${inbox.url}/invite/${tokenOf(link)}`);
    expect(where(agent.page)).toBe(`/invite/${tokenOf(link)}`);
    await agent.page.getByText('dana@shop.example').waitFor();
    await agent.page.getByText('Dana Newhire').waitFor();
    await look(agent.page, 'invite');
    // The contract's one `Password` textbox; too short is said under it, before anything is sent.
    const password = agent.page.getByRole('textbox', { name: 'Password' });
    await password.fill('too short');
    await agent.page.getByRole('button', { name: 'Set password' }).click();
    await agent.page.getByText('Use at least 12 characters.').waitFor();
    await password.fill('dana chose this one');
    // Shown on request, to read back instead of typing it twice.
    await agent.page.getByRole('checkbox', { name: 'Show password' }).check();
    await expect(password.getAttribute('type')).resolves.toBe('text');
    await agent.page.getByRole('button', { name: 'Set password' }).click();
    await agent.page.waitForURL((url) => url.pathname === '/conversations', { timeout: 15_000 });
    const me = (await agent.page.evaluate(async () => (await fetch('/v1/auth/me')).json())) as { staff: unknown };
    expect(me.staff).toMatchObject({ email: 'dana@shop.example', role: 'agent', invite_pending: false });

    // The link again: spent, and it says so.
    await agent.page.goto(`${inbox.url}/invite/${tokenOf(link)}`);
    await alertSaying(agent.page, 'This link was already used.').waitFor();
    expect(await agent.page.getByRole('button', { name: 'Set password' }).count()).toBe(0);
    await look(agent.page, 'invite-used');

    // The password works at the sign-in page, in yet another browser.
    const later = await openPage(browser);
    await later.page.goto(`${inbox.url}/login`);
    await signIn(later.page, { email: 'dana@shop.example', password: 'dana chose this one' });
    expect(where(later.page)).toBe('/conversations');
    for (const tab of [admin, agent, later]) {
      expect(tab.outside).toEqual([]);
      await tab.close();
    }
  });

  it('an unknown link shows an alert, never a form; the token never goes to /login?next=', async () => {
    const { page, outside, close } = await openPage(browser);
    await page.goto(`${inbox.url}/invite/${'n'.repeat(43)}`);
    await alertSaying(page, 'This link is not known.').waitFor();
    expect(where(page)).toBe(`/invite/${'n'.repeat(43)}`);
    await look(page, 'invite-unknown');
    await page.goto(`${inbox.url}/login?next=${encodeURIComponent(`/invite/${'n'.repeat(43)}`)}`);
    await signIn(page, ADMIN);
    expect(where(page)).toBe('/conversations');
    expect(outside).toEqual([]);
    await close();
  });
});
