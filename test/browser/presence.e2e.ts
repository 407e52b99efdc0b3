import type { Page } from 'playwright-core';
import { inbound } from '../conversations/conversation-support.js';
import { conversationOf } from '../support/agent-inbox.js';
import type { InboxServer } from '../support/inbox-server.js';
import { startInboxStack, type InboxStack } from '../support/inbox-stack.js';
import { assertLocalOnly, look, openPage, signIn, type InboxPage } from '../support/inbox-browser.js';
import type { Sendbook } from '../support/sendbook.js';
import { createStaff } from '../support/staff.js';

/**
 * Presence in Chromium on the real stack: two agents open one thread, each in their own browser.
 * Each sees the other there and, while the other types a reply, that they are typing; when one
 * leaves, the other sees it. An agent sets herself away by her name, and the assign menu shows it.
 */
describe('presence: who else is in a thread, and who is away', () => {
  let stack: InboxStack;
  let sb: Sendbook;
  let inbox: InboxServer;
  let ana: InboxPage;
  let ben: InboxPage;
  let thread: string;

  beforeAll(async () => {
    stack = await startInboxStack({ signInAs: (api) => createStaff(api, 'agent', 'Ana Alves') });
    ({ sb, inbox, tab: ana } = stack);
    ben = await openPage(stack.browser);
    await ben.page.goto(`${inbox.url}/login`);
    await signIn(ben.page, await createStaff(sb, 'agent', 'Ben Brook'));
    const dana = sb.sim.customer('972505550001', { name: 'Dana Levi' });
    await inbound(sb, dana.sendText('Hello, can someone help me with my order?'));
    thread = `${inbox.url}/conversations/${await conversationOf(sb, dana.waId)}`;
  }, 120_000);
  afterAll(async () => {
    await ben?.close();
    await stack?.close();
  });
  afterEach(() => {
    for (const tab of [ana, ben]) if (tab) assertLocalOnly(tab.outside);
  });

  const presenceLine = (page: Page) => page.getByRole('status').filter({ hasText: /here too|typing/ });

  it('each sees the other in the thread, and typing; leaving is seen too', async () => {
    await ana.page.goto(thread);
    await ben.page.goto(thread);
    await presenceLine(ana.page).filter({ hasText: 'Ben Brook is here too' }).waitFor();
    await presenceLine(ben.page).filter({ hasText: 'Ana Alves is here too' }).waitFor();

    await ben.page.getByRole('textbox', { name: 'Message', exact: true }).pressSequentially('Hi Dana, I am looking', { delay: 40 });
    await presenceLine(ana.page).filter({ hasText: 'Ben Brook is typing a reply…' }).waitFor();
    await look(ana.page, 'presence-colleague-typing');

    await ana.page.getByRole('textbox', { name: 'Message', exact: true }).pressSequentially('On it', { delay: 40 });
    await presenceLine(ben.page).filter({ hasText: 'Ana Alves is typing a reply…' }).waitFor();

    await ben.page.goto(`${inbox.url}/conversations`);
    await presenceLine(ana.page).filter({ hasText: 'Ben Brook' }).waitFor({ state: 'detached' });
  });

  it('an agent sets herself away by her name; the assign menu shows who is online and who is away', async () => {
    await ben.page.getByRole('combobox', { name: 'Availability' }).selectOption('away');
    await ana.page.goto(thread);
    const assign = ana.page.getByRole('button', { name: 'Assign to…' });
    if (!(await assign.isVisible())) await ana.page.getByRole('button', { name: 'Details' }).click();
    await assign.click();
    await ana.page.getByRole('img', { name: 'Ben Brook is online, away' }).waitFor();
    await ana.page.getByRole('img', { name: 'Ana Alves is online' }).waitFor();
    await ana.page.keyboard.press('Escape');
    await look(ana.page, 'presence-away');
  });
});
