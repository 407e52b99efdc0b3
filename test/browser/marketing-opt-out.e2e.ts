import type { Browser } from 'playwright-core';
import { marketingPayload, optedOut, postPreference } from '../conversations/marketing-support.js';
import { conversationOf } from '../support/agent-inbox.js';
import { launchBrowser } from '../support/browser.js';
import { startInbox, type InboxServer } from '../support/inbox-server.js';
import { ADMIN_ENV, assertLocalOnly, look, openPage, signIn, type InboxPage } from '../support/inbox-browser.js';
import { startSendbook, type Sendbook } from '../support/sendbook.js';
import { createStaff } from '../support/staff.js';
import { waitFor } from '../support/wait-for.js';

/** An agent sees on the contact that marketing is held for them, and since when. */
describe('the contact panel shows a marketing opt-out', () => {
  let sb: Sendbook;
  let inbox: InboxServer;
  let browser: Browser;
  let tab: InboxPage;

  beforeAll(async () => {
    sb = await startSendbook({ app: { env: { ...ADMIN_ENV } } });
    await sb.api().post('/v1/templates/sync').expect(200);
    const agent = await createStaff(sb, 'agent', 'Rosa Díaz');
    inbox = await startInbox(sb.url);
    browser = await launchBrowser();
    tab = await openPage(browser, { width: 1500, height: 900 });
    await tab.page.goto(`${inbox.url}/login`);
    await signIn(tab.page, agent);
  }, 120_000);
  afterAll(async () => {
    await tab?.close();
    await browser?.close();
    await inbox?.close();
    await sb?.close();
  });
  afterEach(() => assertLocalOnly(tab.outside));

  it('"Opted out of marketing since …" once the user stops, "Receives marketing" once they resume', async () => {
    const waId = '972508200001';
    await sb.sim.customer(waId, { name: 'Lior Ben-David' }).sendText('Please stop the promotions');
    const id = await conversationOf(sb, waId);
    const { page } = tab;
    await page.goto(`${inbox.url}/conversations/${id}`);
    const panel = page.getByRole('complementary', { name: 'Contact' });
    await panel.getByText('Receives marketing').waitFor();

    const stoppedAt = 1_780_000_000; // 2026-05-28 20:26:40 UTC
    await postPreference(sb, waId, 'stop', stoppedAt);
    await optedOut(sb, waId);
    const promo = (
      await sb
        .api()
        .post('/v1/messages')
        .send({ dedupe_key: 'browser-opt-out-promo', to: `+${waId}`, purpose: 'campaign', payload: marketingPayload('20%') })
        .expect(201)
    ).body.message.id as string;
    await waitFor(async () => (await sb.api().get(`/v1/messages/${promo}`).expect(200)).body.message.state === 'held', { what: 'the promotion held' });

    await page.reload();
    const since = panel.getByText(/Opted out of marketing since/);
    await since.waitFor();
    // In the agent's zone (the page runs in Asia/Jerusalem), the exact instant on the <time>.
    await expect(since.locator('time').getAttribute('datetime')).resolves.toBe(new Date(stoppedAt * 1000).toISOString());
    await expect(since.textContent()).resolves.toContain('Thu 28 May 2026, 23:26:40');
    await panel.getByText(/they asked WhatsApp to stop marketing from us/).waitFor();
    await look(page, 'contact-marketing-opted-out');

    await postPreference(sb, waId, 'resume', stoppedAt + 60);
    await waitFor(async () => (await sb.api().get(`/v1/messages/${promo}`).expect(200)).body.message.state !== 'held', { what: 'the promotion released' });
    await page.reload();
    await panel.getByText('Receives marketing').waitFor();
  });
});
