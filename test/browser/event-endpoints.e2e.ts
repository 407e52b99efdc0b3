import type { Page } from 'playwright-core';
import { startInboxStack, type InboxStack } from '../support/inbox-stack.js';
import { ADMIN, ADMIN_ENV, assertLocalOnly, look, screenshot, type InboxPage } from '../support/inbox-browser.js';
import { messageRequest } from '../support/sendbook.js';
import { TEST_SECRETS } from '../support/test-env.js';
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
    // The conversation events can be taken too; a filter and a rate are optional.
    await dialog.getByRole('checkbox', { name: 'conversation.assigned' }).waitFor();
    await dialog.getByRole('checkbox', { name: 'conversation.sla_breached' }).waitFor();
    await dialog.getByRole('textbox', { name: 'Purposes' }).fill('order_shipped, order_confirmation');
    await dialog.getByRole('spinbutton', { name: 'Rate limit (per second)' }).fill('50');
    await look(page, 'event-endpoints-add');
    await confirm(page);

    const secretBox = page.getByRole('textbox', { name: 'Signing secret' });
    const secret = await secretBox.inputValue();
    expect(secret).toMatch(/^whsec_/);
    const table = page.getByRole('table', { name: 'Event endpoints' });
    await table.getByRole('cell', { name: receiver.url }).waitFor();
    await expect(table.textContent()).resolves.toContain('Enabled');
    await expect(table.getByLabel('Filter and rate').textContent()).resolves.toBe('purposes: order_shipped, order_confirmationat most 50/s');
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

  it('edit its filter and rate; rotate its secret keeping the old one: the new one is shown once, and both verify meanwhile', async () => {
    const { page } = tab;
    const other = await Receiver.start();
    try {
      const created = await stack.sb
        .api()
        .post('/v1/event-endpoints')
        .send({ url: other.url, events: ['message.state_changed'], description: 'rotating' })
        .expect(201);
      const first = created.body.secret as string;
      await page.goto(`${stack.inbox.url}/settings/event-endpoints`);
      const row = page.getByRole('table', { name: 'Event endpoints' }).getByRole('row').filter({ hasText: other.url });

      await row.getByRole('button', { name: 'Edit' }).click();
      const edit = page.getByRole('dialog');
      await edit.getByRole('textbox', { name: 'Business numbers' }).fill('not a number');
      await edit.getByRole('spinbutton', { name: 'Rate limit (per second)' }).fill('0');
      await edit.getByRole('button', { name: 'Confirm' }).click();
      await edit.getByText('Business numbers are phone number ids: digits only.').waitFor();
      await edit.getByText('A whole number from 1 to 1000, or empty for no limit.').waitFor();
      await edit.getByRole('textbox', { name: 'Business numbers' }).fill(TEST_SECRETS.phoneNumberId);
      await edit.getByRole('textbox', { name: 'Campaigns' }).fill('black-friday');
      await edit.getByRole('spinbutton', { name: 'Rate limit (per second)' }).fill('5');
      await look(page, 'event-endpoints-edit');
      await confirm(page);
      await row.getByText('campaigns: black-friday').waitFor();
      await row.getByText('at most 5/s').waitFor();
      const shown = (await stack.sb.api().get('/v1/event-endpoints').expect(200)).body.data.find((e: { id: string }) => e.id === created.body.endpoint.id);
      expect(shown).toMatchObject({ filter: { phone_number_ids: [TEST_SECRETS.phoneNumberId], campaigns: ['black-friday'] }, rate_per_second: 5 });

      await row.getByRole('button', { name: 'Rotate secret' }).click();
      const rotate = page.getByRole('dialog');
      await expect(rotate.getByRole('combobox', { name: 'Keep the old secret for' }).inputValue()).resolves.toBe('24');
      // The dialog's fade and rise done, so the picture shows it as people see it.
      await rotate.evaluate((dialog) =>
        Promise.all(
          (dialog as unknown as { getAnimations(o: { subtree: boolean }): { finished: Promise<unknown> }[] })
            .getAnimations({ subtree: true })
            .map((a) => a.finished),
        ),
      );
      await look(page, 'event-endpoints-rotate');
      await confirm(page);
      const notice = page.getByRole('status').filter({ hasText: `New signing secret for ${other.url}` });
      await notice.getByText('signed with the old secret too until it stops').waitFor();
      const second = await notice.getByRole('textbox', { name: 'Signing secret' }).inputValue();
      expect(second).toMatch(/^whsec_/);
      expect(second).not.toBe(first);
      await row.getByText(/Old secret stops/).waitFor();
      await look(page, 'event-endpoints-rotated');

      // A message of the campaign: its events reach the endpoint signed with both secrets.
      const message = await stack.sb
        .api()
        .post('/v1/messages')
        .send(messageRequest({ dedupe_key: 'browser-event-endpoints-rotated', campaign: 'black-friday' }))
        .expect(201);
      await waitFor(() => other.accepted().some((r) => r.raw.includes(message.body.message.id)), { what: 'an event signed after the rotation' });
      for (const r of other.accepted().filter((a) => a.raw.includes(message.body.message.id)))
        expect([Receiver.verifies(r, first), Receiver.verifies(r, second)]).toEqual([true, true]);
      // Not shown again anywhere.
      await page.reload();
      await row.getByText(/Old secret stops/).waitFor();
      await expect(page.content()).resolves.not.toContain(second);
    } finally {
      await other.close();
    }
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
