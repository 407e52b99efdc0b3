import { startInboxStack, type InboxStack } from '../support/inbox-stack.js';
import { assertLocalOnly, look, type InboxPage } from '../support/inbox-browser.js';
import type { InboxServer } from '../support/inbox-server.js';
import { messageRequest, type Sendbook } from '../support/sendbook.js';
import { createStaff } from '../support/staff.js';
import { waitFor } from '../support/wait-for.js';

/**
 * Templates made in the inbox, in Chromium on the real stack: an admin writes one at
 * /templates/new (Meta's rules checked as they type, each refusal beside its field, the message
 * previewed in the thread's bubble), submits it, the simulator (Meta) reviews it and its webhook
 * approves it: the /templates list changes live and the composer's Template picker offers it. A
 * rejected one shows Meta's reason, and a message of it is refused.
 */
describe('templates written in the inbox, reviewed by Meta', () => {
  let stack: InboxStack;
  let sb: Sendbook;
  let inbox: InboxServer;
  let tab: InboxPage;
  beforeAll(async () => {
    stack = await startInboxStack({ sendbook: { sim: { templateReviewMs: 1500 } }, signInAs: (api) => createStaff(api, 'admin', 'Ada Admin') });
    ({ sb, inbox, tab } = stack);
  }, 120_000);
  afterAll(() => stack?.close());
  afterEach(() => assertLocalOnly(tab.outside));

  const rowOf = (name: string) => tab.page.getByRole('table', { name: 'Templates' }).getByRole('row').filter({ hasText: name });

  it('the list of synced templates leads to a new one', async () => {
    const { page } = tab;
    await page.goto(`${inbox.url}/templates`);
    await page.getByRole('heading', { name: 'Templates', level: 1 }).waitFor();
    await rowOf('order_shipped').waitFor();
    await look(page, 'templates-list');
    await page.getByRole('link', { name: 'New template' }).click();
    await page.waitForURL(`${inbox.url}/templates/new`);
  });

  it('the form names each field Meta would refuse', async () => {
    const { page } = tab;
    await page.goto(`${inbox.url}/templates/new`);
    await page.getByRole('heading', { name: 'New template', level: 1 }).waitFor();
    await look(page, 'templates-new-empty');
    await page.getByRole('textbox', { name: 'Name' }).fill('Pickup Ready');
    await page.getByRole('textbox', { name: 'Body' }).fill('{{1}}, your order is ready');
    await page.getByRole('button', { name: 'Add quick reply' }).click();
    await page.getByRole('textbox', { name: 'Button 1 text' }).fill('A label far longer than Meta allows');
    await page.getByRole('button', { name: 'Submit for review' }).click();
    await page.getByRole('alert').filter({ hasText: 'Meta would refuse this template' }).waitFor();
    for (const words of [
      'May hold only lowercase letters',
      'A variable may not start or end the body',
      '{{1}} needs an example value',
      'Must be at most 25 characters',
    ])
      await page.getByText(words).first().waitFor();
    await look(page, 'templates-new-invalid');
    // Nothing reached Meta.
    expect(sb.sim.config().templates.some((t) => t.name.startsWith('pickup'))).toBe(false);

    // An authentication template is Meta's own words: only its advice and expiry are chosen.
    await page.getByRole('combobox', { name: 'Category' }).selectOption('AUTHENTICATION');
    await page.getByRole('textbox', { name: 'Code expires after (minutes)' }).fill('10');
    await expect(page.getByRole('textbox', { name: 'Body' }).count()).resolves.toBe(0);
    const preview = page.getByRole('figure', { name: 'Preview' });
    await waitFor(async () => (await preview.textContent())?.includes('This code expires in 10 minutes.') ?? false, { what: 'the authentication preview' });
    await look(page, 'templates-new-authentication');
  });

  it('an admin writes one with a variable and a quick reply, sees it as the customer will, and Meta approves it', async () => {
    const { page } = tab;
    await page.goto(`${inbox.url}/templates/new`);
    await page.getByRole('textbox', { name: 'Name' }).fill('pickup_ready');
    await page.getByRole('textbox', { name: 'Body' }).fill('Hi ');
    await page.getByRole('button', { name: 'Add variable' }).click();
    const body = page.getByRole('textbox', { name: 'Body' });
    await body.fill(`${await body.inputValue()}, your order is ready for pickup at the front desk.`);
    await page.getByRole('textbox', { name: 'Example for {{1}}' }).fill('Pablo');
    await page.getByRole('textbox', { name: 'Footer' }).fill('Sendbook Demo Shop');
    await page.getByRole('button', { name: 'Add quick reply' }).click();
    await page.getByRole('textbox', { name: 'Button 1 text' }).fill('On my way');
    const preview = page.getByRole('figure', { name: 'Preview' });
    await waitFor(async () => (await preview.textContent())?.includes('Hi Pablo, your order is ready for pickup at the front desk.') ?? false, {
      what: 'the preview filled with the example',
    });
    await expect(preview.getByRole('list', { name: 'Buttons on the template' }).textContent()).resolves.toContain('On my way');
    await look(page, 'templates-new-preview');

    await page.getByRole('button', { name: 'Submit for review' }).click();
    await page.waitForURL(`${inbox.url}/templates`);
    await rowOf('pickup_ready').waitFor();
    const pending = (await rowOf('pickup_ready').textContent()) ?? '';
    if (pending.includes('PENDING')) await look(page, 'templates-list-pending');
    // Meta's review webhook arrives; the list changes without a reload.
    await waitFor(async () => ((await rowOf('pickup_ready').textContent()) ?? '').includes('APPROVED'), { what: 'APPROVED on screen', timeoutMs: 20_000 });
    await look(page, 'templates-list-approved');
    expect(sb.sim.config().templates.find((t) => t.name === 'pickup_ready')).toMatchObject({ status: 'APPROVED', category: 'UTILITY' });
  });

  it('the approved template is offered in a closed thread’s Template picker', async () => {
    const opened = await sb
      .api()
      .post('/v1/conversations')
      .send({ to: '+972502220099' })
      .expect((res) => expect([200, 201]).toContain(res.status));
    const { page } = tab;
    await page.goto(`${inbox.url}/conversations/${opened.body.conversation.id}`);
    await page.getByRole('button', { name: 'Template', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Send a template' });
    await dialog.getByRole('button', { name: /pickup_ready/ }).click();
    await dialog.getByRole('textbox', { name: 'Body {{1}}' }).fill('Dana');
    await expect(dialog.getByRole('region', { name: 'Preview' }).textContent()).resolves.toContain('Hi Dana, your order is ready for pickup');
    await look(page, 'templates-picker-offers-new');
  });

  it('a rejected template shows Meta’s reason, and a message of it is refused', async () => {
    const { page } = tab;
    await page.goto(`${inbox.url}/templates/new`);
    await page.getByRole('textbox', { name: 'Name' }).fill('pickup_names');
    await page.getByRole('textbox', { name: 'Body' }).fill('Hello {{1}}{{2}}, your order is ready now.');
    await page.getByRole('textbox', { name: 'Example for {{1}}' }).fill('Pablo');
    await page.getByRole('textbox', { name: 'Example for {{2}}' }).fill('Díaz');
    await page.getByRole('button', { name: 'Submit for review' }).click();
    await page.waitForURL(`${inbox.url}/templates`);
    await waitFor(async () => ((await rowOf('pickup_names').textContent()) ?? '').includes('REJECTED'), { what: 'REJECTED on screen', timeoutMs: 20_000 });
    const row = (await rowOf('pickup_names').textContent()) ?? '';
    expect(row).toContain('INVALID_FORMAT');
    expect(row).toContain('parameters placed next to each other');
    await look(page, 'templates-list-rejected');

    // The registry check refuses it for any send, a campaign's included.
    const refused = await sb
      .api()
      .post('/v1/messages')
      .send(
        messageRequest({
          dedupe_key: 'rejected-template',
          payload: {
            type: 'template',
            template: {
              name: 'pickup_names',
              language: { code: 'en' },
              components: [
                {
                  type: 'body',
                  parameters: [
                    { type: 'text', text: 'Pablo' },
                    { type: 'text', text: 'Díaz' },
                  ],
                },
              ],
            },
          },
        }),
      )
      .expect(400);
    expect(refused.body.details).toEqual([expect.objectContaining({ field: 'payload.template.name', message: expect.stringMatching(/REJECTED/) })]);

    // Deleting asks first, then removes it at Meta and from the list.
    await rowOf('pickup_names').getByRole('button', { name: 'Delete pickup_names (en)' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete pickup_names (en)?' });
    await look(page, 'templates-delete-confirm');
    await confirm.getByRole('button', { name: 'Delete template' }).click();
    await confirm.waitFor({ state: 'detached' });
    await rowOf('pickup_names').waitFor({ state: 'detached' });
    expect(sb.sim.config().templates.some((t) => t.name === 'pickup_names')).toBe(false);
  });
});
