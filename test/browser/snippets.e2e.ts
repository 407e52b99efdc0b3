import type { Page } from 'playwright-core';
import { inbound } from '../conversations/conversation-support.js';
import { conversationOf } from '../support/agent-inbox.js';
import type { InboxServer } from '../support/inbox-server.js';
import { startInboxStack, type InboxStack } from '../support/inbox-stack.js';
import { assertLocalOnly, look, type InboxPage } from '../support/inbox-browser.js';
import { messageRequest, type Sendbook } from '../support/sendbook.js';
import { createStaff } from '../support/staff.js';

/**
 * Saved answers in Chromium on the real stack: an admin saves them at /settings/snippets; in a
 * thread, `/` in the Message box opens the Snippets listbox, Enter inserts the chosen one with the
 * contact's name, the agent's name and the order filled; several go into one reply; a variable with
 * no value stays visible and Send asks for it instead of sending braces.
 */
describe('snippets: saved, then inserted with their variables filled', () => {
  let stack: InboxStack;
  let sb: Sendbook;
  let inbox: InboxServer;
  let tab: InboxPage;
  beforeAll(async () => {
    stack = await startInboxStack({ signInAs: (api) => createStaff(api, 'admin', 'Ada Admin') });
    ({ sb, inbox, tab } = stack);
  }, 120_000);
  afterAll(() => stack?.close());
  afterEach(() => assertLocalOnly(tab.outside));

  const messageBox = (page: Page) => page.getByRole('textbox', { name: 'Message', exact: true });

  it('an admin saves two snippets; the page lists them', async () => {
    const { page } = tab;
    await page.goto(`${inbox.url}/settings/snippets`);
    await page.getByRole('heading', { name: 'Snippets', level: 1 }).waitFor();
    await page.getByRole('status').filter({ hasText: 'No snippets yet' }).waitFor();
    const save = async (title: string, text: string) => {
      await page.getByRole('textbox', { name: 'Title' }).fill(title);
      await page.getByRole('textbox', { name: 'Text' }).fill(text);
      await page.getByRole('button', { name: 'Save snippet' }).click();
      await page.getByRole('table', { name: 'Snippets' }).getByRole('row').filter({ hasText: title }).waitFor();
    };
    await save('Shipping delay', 'Hi {{contact.name}}, order {{last_message.trigger_ref}} leaves tomorrow.');
    await save('Sign-off', 'Best, {{agent.name}}');
    await page.getByRole('textbox', { name: 'Title' }).fill('Email');
    await page.getByRole('textbox', { name: 'Text' }).fill('We wrote to {{contact.email}}');
    await page.getByRole('button', { name: 'Save snippet' }).click();
    await page.getByRole('alert').filter({ hasText: 'unknown variable {{contact.email}}' }).waitFor();
    await look(page, 'snippets-settings');
  });

  it('/ opens the Snippets listbox; Enter inserts one filled; a second goes into the same reply', async () => {
    const dana = sb.sim.customer('972503330001', { name: 'Dana Levi' });
    await inbound(sb, dana.sendText('Where is my order?'));
    await sb
      .api()
      .post('/v1/messages')
      .send(messageRequest({ dedupe_key: 'snippets-order', to: `+${dana.waId}` }))
      .expect(201);
    const id = await conversationOf(sb, dana.waId);
    const { page } = tab;
    await page.goto(`${inbox.url}/conversations/${id}`);
    const box = messageBox(page);
    await box.click();
    await box.pressSequentially('/ship');
    const list = page.getByRole('listbox', { name: 'Snippets' });
    await list.getByRole('option', { name: /Shipping delay/ }).waitFor();
    await look(page, 'snippets-menu');
    await box.press('Enter');
    await expect(box.inputValue()).resolves.toBe('Hi Dana Levi, order orders/44812 leaves tomorrow.');
    await box.pressSequentially(' /sign');
    await list.getByRole('option', { name: /Sign-off/ }).waitFor();
    await box.press('Enter');
    await expect(box.inputValue()).resolves.toBe('Hi Dana Levi, order orders/44812 leaves tomorrow. Best, Ada Admin');
    await expect(list.count()).resolves.toBe(0);
  });

  it('a variable without a value stays visible, and Send asks for it instead of sending braces', async () => {
    const eli = sb.sim.customer('972503330002', { name: 'Eli Ben' });
    await inbound(sb, eli.sendText('Hello?'));
    const id = await conversationOf(sb, eli.waId);
    const { page } = tab;
    await page.goto(`${inbox.url}/conversations/${id}`);
    const box = messageBox(page);
    await box.click();
    await box.pressSequentially('/ship');
    await page.getByRole('listbox', { name: 'Snippets' }).waitFor();
    await box.press('Enter');
    // Nothing was sent to Eli yet, so there is no order to name.
    await expect(box.inputValue()).resolves.toBe('Hi Eli Ben, order {{last_message.trigger_ref}} leaves tomorrow.');
    const sent = sb.sim.ledger().length;
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByRole('alert').filter({ hasText: '{{last_message.trigger_ref}}' }).waitFor();
    await look(page, 'snippets-unfilled');
    expect(sb.sim.ledger().length).toBe(sent);
    await box.fill('Hi Eli Ben, your order leaves tomorrow.');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByRole('log', { name: 'Messages' }).getByRole('article').filter({ hasText: 'your order leaves tomorrow' }).waitFor();
  });
});
