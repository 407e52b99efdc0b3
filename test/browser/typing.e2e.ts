import type { Locator, Page } from 'playwright-core';
import { inbound } from '../conversations/conversation-support.js';
import { conversationOf } from '../support/agent-inbox.js';
import { ADMIN_ENV, assertLocalOnly, look, type InboxPage } from '../support/inbox-browser.js';
import type { InboxServer } from '../support/inbox-server.js';
import { startInboxStack, type InboxStack } from '../support/inbox-stack.js';
import type { Sendbook } from '../support/sendbook.js';
import { createStaff } from '../support/staff.js';
import { waitFor } from '../support/wait-for.js';

/**
 * What the customer sees of an agent at work, in Chromium on the real stack: while the agent types
 * in the composer the simulator (Meta) gets one typing indicator per 20 s; hovering a message and
 * pressing `React 👍` sends Meta a reaction to it, shown on the message; a message the business
 * sent from the WhatsApp Business app on its phone is in the thread as ours, "Sent from the phone".
 */
describe('typing, reactions and messages from the phone, in the inbox', () => {
  let stack: InboxStack;
  let sb: Sendbook;
  let inbox: InboxServer;
  let tab: InboxPage;
  beforeAll(async () => {
    stack = await startInboxStack({
      sendbook: { sim: { pairIntervalMs: 0 }, app: { env: { ...ADMIN_ENV, PAIR_INTERVAL_MS: '1', PAIR_MARGIN_MS: '0', MARK_READ_ON_OPEN: 'false' } } },
      signInAs: (api) => createStaff(api, 'agent', 'Rosa Díaz'),
    });
    ({ sb, inbox, tab } = stack);
  }, 120_000);
  afterAll(() => stack?.close());
  afterEach(() => assertLocalOnly(tab.outside));

  const open = async (page: Page, waId: string): Promise<Locator> => {
    await page.goto(`${inbox.url}/conversations/${await conversationOf(sb, waId)}`);
    const log = page.getByRole('log', { name: 'Messages' });
    await log.waitFor();
    return log;
  };
  /** Types `text` a key at a time until `untilMs` (epoch) has passed. */
  const typeUntil = async (box: Locator, untilMs: number) => {
    while (Date.now() < untilMs) await box.pressSequentially('typing a long answer ', { delay: 120 });
  };

  it('typing in the composer: the customer gets one typing indicator per 20 s', async () => {
    const dana = sb.sim.customer('972504440001', { name: 'Dana Levi' });
    const question = await inbound(sb, dana.sendText('Can I still change the delivery address?'));
    const { page } = tab;
    await open(page, dana.waId);
    const box = page.getByRole('textbox', { name: 'Message', exact: true });
    await box.click();
    const indicators = () => sb.sim.typingIndicators().filter((t) => t.messageId === question.wamid);

    const started = Date.now();
    await typeUntil(box, started + 8_000);
    await waitFor(() => indicators().length === 1, { what: 'the first typing indicator' });
    await new Promise((resolve) => setTimeout(resolve, 500));
    // Eight seconds of keystrokes: one indicator.
    expect(indicators()).toHaveLength(1);
    await look(page, 'typing-composer');

    // Still typing past 20 s: the second one, and no more.
    await typeUntil(box, started + 23_000);
    await waitFor(() => indicators().length === 2, { what: 'the typing indicator of the next 20 s', timeoutMs: 5_000 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(indicators()).toHaveLength(2);
    const [first, second] = indicators();
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(20_000);
    expect(sb.sim.typingIndicators()).toHaveLength(2);
  }, 90_000);

  it('hovering a message shows emoji buttons; React 👍 reaches the simulator as a reaction to it and shows on the message', async () => {
    const eli = sb.sim.customer('972504440002', { name: 'Eli Ben' });
    const thanks = await inbound(sb, eli.sendText('Got it, thank you!'));
    const { page } = tab;
    const log = await open(page, eli.waId);
    const article = log.getByRole('article').filter({ hasText: 'Got it, thank you!' });
    await article.hover();
    const like = article.getByRole('button', { name: 'React 👍' });
    await like.waitFor();
    await look(page, 'reaction-bar');
    await like.click();

    await waitFor(() => sb.sim.ledger({ to: eli.waId }).some((e) => e.type === 'reaction'), { what: 'the reaction at the simulator' });
    const [sent] = sb.sim.ledger({ to: eli.waId }).filter((e) => e.type === 'reaction');
    expect(sent!.body).toMatchObject({ type: 'reaction', reaction: { message_id: thanks.wamid, emoji: '👍' } });
    // On the message it reacts to, not a bubble of its own.
    await article.getByRole('img', { name: 'You reacted 👍' }).waitFor();
    await expect(log.getByRole('article').count()).resolves.toBe(1);
    await expect(article.getByRole('button', { name: 'React 👍' }).getAttribute('aria-pressed')).resolves.toBe('true');
    await look(page, 'reaction-shown');
  });

  it('a message sent from the WhatsApp Business app on the phone is shown as ours, sent from the phone', async () => {
    const noa = sb.sim.customer('972504440003', { name: 'Noa Katz' });
    await inbound(sb, noa.sendText('Are you open on Friday?'));
    const { page } = tab;
    const log = await open(page, noa.waId);
    noa.textFromBusinessApp('Yes, until 2pm. See you!');
    const echo = log.getByRole('article').filter({ hasText: 'Yes, until 2pm. See you!' });
    await echo.waitFor();
    await expect(echo.getAttribute('data-direction')).resolves.toBe('outbound');
    await echo.getByText('Sent from the phone').waitFor();
    const describedBy = await echo.getAttribute('aria-describedby');
    const description = await tab.page.locator(`[id="${describedBy}"]`).textContent();
    expect(description).toBe('Sent from the phone');
    // It went through no outbox: nothing of it reached the simulator's ledger of sends.
    expect(sb.sim.ledger({ to: noa.waId })).toEqual([]);
    await look(page, 'echo-from-phone');
  });
});
