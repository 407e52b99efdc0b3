import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Browser, Locator } from 'playwright-core';
import { inbound, sendTo } from '../conversations/conversation-support.js';
import { conversationOf } from '../support/agent-inbox.js';
import { launchBrowser } from '../support/browser.js';
import { startInbox, type InboxServer } from '../support/inbox-server.js';
import { ADMIN_ENV, assertLocalOnly, look, openPage, signIn, type InboxPage } from '../support/inbox-browser.js';
import { startSendbook, type Sendbook } from '../support/sendbook.js';
import { createStaff } from '../support/staff.js';

// Meta's example for each send type, sent through the outbox, as an agent sees it in the thread:
// what the customer got (a link button and its URL, a contact card, a Flow, a product list, a
// coupon, a carousel), found by role and name as a screen reader would.

type Body = Record<string, unknown>;
const FIXTURES = path.dirname(createRequire(import.meta.url).resolve('@sendbook/whatsapp/fixtures/SOURCES.md'));
const payloadOf = (name: string): Body => {
  const body = JSON.parse(readFileSync(path.join(FIXTURES, name), 'utf8')) as Body;
  return Object.fromEntries(Object.entries(body).filter(([key]) => !['messaging_product', 'recipient_type', 'to'].includes(key)));
};

describe('the thread shows every send type truthfully', () => {
  let sb: Sendbook;
  let inbox: InboxServer;
  let browser: Browser;
  let tab: InboxPage;
  let log: Locator;

  beforeAll(async () => {
    sb = await startSendbook({
      sim: { pairIntervalMs: 0 },
      app: { env: { ...ADMIN_ENV, PAIR_INTERVAL_MS: '1', PAIR_MARGIN_MS: '0', MARK_READ_ON_OPEN: 'false' } },
    });
    await sb.api().post('/v1/templates/sync').expect(200);
    const agent = await createStaff(sb, 'agent', 'Rosa Díaz');
    inbox = await startInbox(sb.url);
    browser = await launchBrowser();
    tab = await openPage(browser, { height: 1400 });
    await tab.page.goto(`${inbox.url}/login`);
    await signIn(tab.page, agent);

    const customer = sb.sim.customer('972503330001', { name: 'Pablo Ortiz' });
    await inbound(sb, customer.sendText('Hi! What can you send me?'));
    for (const name of [
      'send-interactive-cta-url-request-meta-docs.json',
      'send-contacts-request-meta-docs.json',
      'send-interactive-flow-request-meta-docs.json',
      'send-interactive-location-request-request-meta-docs.json',
      'send-interactive-product-list-request-meta-docs.json',
      'send-interactive-catalog-message-request-meta-docs.json',
      'send-template-coupon-code-request-meta-docs.json',
      'send-template-image-link-header-request-meta-docs.json',
      'send-template-carousel-quick-reply-request-meta-docs.json',
    ]) {
      await sendTo(sb, customer.waId, payloadOf(name), 'send_types');
    }
    await tab.page.goto(`${inbox.url}/conversations/${await conversationOf(sb, customer.waId)}`);
    log = tab.page.getByRole('log', { name: 'Messages' });
    await log.waitFor();
  }, 180_000);
  afterAll(async () => {
    await tab?.close();
    await browser?.close();
    await inbox?.close();
    await sb?.close();
  });
  afterEach(() => assertLocalOnly(tab.outside));

  const article = (text: string) => log.getByRole('article').filter({ hasText: text });

  it('a CTA-URL button with the URL it opens, a Flow, a location request', async () => {
    const cta = article('Link button');
    await cta.waitFor();
    await expect(cta.getByRole('list', { name: 'Choices offered' }).textContent()).resolves.toBe('See Dates');
    await expect(
      cta.getByRole('link', { name: 'https://www.luckyshrub.com?clickID=kqDGWd24Q5TRwoEQTICY7W1JKoXvaZOXWAS7h1P76s0R7Paec4' }).getAttribute('href'),
    ).resolves.toBe('https://www.luckyshrub.com?clickID=kqDGWd24Q5TRwoEQTICY7W1JKoXvaZOXWAS7h1P76s0R7Paec4');
    await expect(cta.getByRole('link', { name: 'https://www.luckyshrub.com/assets/lucky-shrub-banner-logo-v1.png' }).count()).resolves.toBe(1);

    const flow = article('Flow message body');
    await expect(flow.textContent()).resolves.toContain('Book!');
    await expect(flow.getByRole('definition').first().textContent()).resolves.toBe('Flow 1, opens on screen <SCREEN_NAME>');
    await expect(article('Location request').textContent()).resolves.toContain('Send location');
  });

  it('a contact card with its phones, emails and sites; a product list and the catalog', async () => {
    const card = article('Contact card');
    await expect(card.textContent()).resolves.toContain('Barbara J. Johnson');
    await expect(card.getByRole('term').allTextContents()).resolves.toEqual([
      'Phone',
      'Phone',
      'Email',
      'Email',
      'Works at',
      'Address',
      'Address',
      'Website',
      'Website',
      'Birthday',
    ]);
    await expect(card.getByRole('link', { name: 'https://www.facebook.com/luckyshrubplants (Company (FB))' }).getAttribute('href')).resolves.toBe(
      'https://www.facebook.com/luckyshrubplants',
    );
    await expect(card.textContent()).resolves.toContain('+19175559999 (Mobile) · on WhatsApp');

    await expect(article('Product list: 4 products').getByRole('term').allTextContents()).resolves.toEqual(['SECTION_TITLE', 'SECTION_TITLE', 'Catalog']);
    await expect(article('View catalog').textContent()).resolves.toContain('2lc20305pt');
  });

  it('templates: a coupon to copy, a header image by link, a carousel with its cards', async () => {
    const coupon = article('Our Fall Sale is on!');
    const buttons = coupon.getByRole('list', { name: 'Buttons on the template' });
    await expect(buttons.getByRole('listitem').allTextContents()).resolves.toEqual(['Unsubscribe', 'Copy offer codecopies 25OFF']);
    await expect(coupon.textContent()).resolves.toContain('use code 25OFF to get 25% off');

    await expect(article('Our August promotion is on').getByRole('link', { name: 'https://www.luckyshrubs.com' }).count()).resolves.toBe(1);

    const carousel = article('Rare succulents for sale!').getByRole('list', { name: 'Carousel cards' });
    await expect(
      carousel
        .getByRole('listitem')
        .filter({ hasText: /^Card \d/ })
        .count(),
    ).resolves.toBe(3);
    await expect(carousel.getByRole('link', { name: 'https://www.luckyshrub.com/rare-succulents/blue-elf' }).count()).resolves.toBe(1);
    await expect(carousel.textContent()).resolves.toContain('answers more-crassulas');
    await look(tab.page, 'send-types-thread');
  });
});
