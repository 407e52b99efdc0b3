import type { Page } from 'playwright-core';
import { startInboxStack, type InboxStack } from '../support/inbox-stack.js';
import { ADMIN, ADMIN_ENV, assertLocalOnly, look, screenshot, type InboxPage } from '../support/inbox-browser.js';
import { messageRequest } from '../support/sendbook.js';
import { waitFor } from '../support/wait-for.js';
import { FAST_DELIVERY_ENV, Receiver } from '../integrator-events/receiver.js';

describe('inbox: event endpoints for admins', () => {
  let stack: InboxStack;
  let tab: InboxPage;
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await Receiver.start();
    stack = await startInboxStack({ sendbook: { app: { env: { ...ADMIN_ENV, ...FAST_DELIVERY_ENV } } }, signInAs: async () => ADMIN });
    tab = stack.tab;
  }, 120_000);
  afterAll(async () => {
    await stack?.close();
    await receiver?.close();
  });
  afterEach(() => assertLocalOnly(tab.outside));

  const confirm = async (page: Page) => {
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.waitFor({ state: 'detached' });
  };

  it('add one (secret shown once), see its deliveries, replay one, disable, delete', async () => {
    const { page } = tab;
    await page.goto(`${stack.inbox.url}/settings/event-endpoints`);
    await page.getByRole('status').filter({ hasText: 'No event endpoints yet' }).waitFor();
    await page.getByRole('navigation').getByRole('link', { name: 'Event endpoints' }).waitFor();
    await look(page, 'event-endpoints-empty');

    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const dialog = page.getByRole('dialog');
    // Refused before asking the API: no URL.
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.getByText('Enter an http or https URL.').waitFor();
    await dialog.getByRole('textbox', { name: 'URL' }).fill(receiver.url);
    await dialog.getByRole('checkbox', { name: 'message.state_changed' }).waitFor();
    await look(page, 'event-endpoints-add');
    await confirm(page);

    const secretBox = page.getByRole('textbox', { name: 'Signing secret' });
    const secret = await secretBox.inputValue();
    expect(secret).toMatch(/^whsec_/);
    const table = page.getByRole('table', { name: 'Event endpoints' });
    await table.getByRole('cell', { name: receiver.url }).waitFor();
    await expect(table.textContent()).resolves.toContain('Enabled');
    await look(page, 'event-endpoints-added');

    // Something happens; the endpoint hears of it, signed with the secret the page showed.
    const message = await stack.sb
      .api()
      .post('/v1/messages')
      .send(messageRequest({ dedupe_key: 'browser-event-endpoints' }))
      .expect(201);
    await waitFor(() => receiver.accepted().some((r) => r.raw.includes(message.body.message.id)), { what: 'an event at the receiver' });
    receiver.verifyAll(secret);

    await page.getByRole('button', { name: 'Deliveries' }).click();
    const deliveries = page.getByRole('table', { name: 'Deliveries' });
    await deliveries.getByText('Delivered').first().waitFor();
    await expect(deliveries.textContent()).resolves.toMatch(/message\.state_changed.*200.*\d+ ms/s);
    await look(page, 'event-endpoints-deliveries');

    const before = receiver.received.length;
    const replayButton = deliveries.getByRole('button', { name: /^Replay / }).last();
    const replayedId = (await replayButton.getAttribute('aria-label'))!.split(' ').at(-1)!;
    await replayButton.click();
    await page.getByText('The event will be sent again').first().waitFor();
    await waitFor(() => receiver.received.slice(before).some((r) => r.id.startsWith(replayedId)), { what: 'the replayed event' });

    await page.getByRole('button', { name: 'Recover…' }).click();
    await page.getByRole('dialog').getByRole('textbox', { name: 'Since' }).waitFor();
    await screenshot(page, 'event-endpoints-recover');
    await confirm(page);
    await page
      .getByText(/events? will be sent again/)
      .first()
      .waitFor();

    await table.getByRole('button', { name: 'Disable' }).click();
    await confirm(page);
    await table.getByText('Disabled').waitFor();
    await look(page, 'event-endpoints-disabled');

    await table.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByText('what it was still owed is dropped').waitFor();
    await confirm(page);
    await page.getByRole('status').filter({ hasText: 'No event endpoints yet' }).waitFor();
    // The secret is not in any later answer.
    await page.reload();
    await page.getByRole('status').filter({ hasText: 'No event endpoints yet' }).waitFor();
    await expect(page.content()).resolves.not.toContain(secret);
  });

  it('a URL the API refuses says why, in the dialog', async () => {
    const { page } = tab;
    await page.goto(`${stack.inbox.url}/settings/event-endpoints`);
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'URL' }).fill('http://exa mple.com/x');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.getByText('Enter an http or https URL.').waitFor();
    await dialog.getByRole('textbox', { name: 'URL' }).fill('https://orders:hunter2@orders.example/hooks');
    await dialog.getByRole('checkbox', { name: 'inbound.attributed' }).uncheck();
    await dialog.getByRole('checkbox', { name: 'message.state_changed' }).uncheck();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.getByText('Pick at least one.').waitFor();
    await dialog.getByRole('checkbox', { name: 'inbound.received' }).check();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Could not add it' }).waitFor();
    await look(page, 'event-endpoints-refused');
  });
});
