import { startInboxStack, type InboxStack } from '../support/inbox-stack.js';
import { alertSaying, assertLocalOnly, look, openPage, signIn, where, type InboxPage } from '../support/inbox-browser.js';
import type { InboxServer } from '../support/inbox-server.js';
import type { Sendbook } from '../support/sendbook.js';
import { createStaff, type StaffLogin } from '../support/staff.js';
import { waitFor } from '../support/wait-for.js';

/**
 * Templates edited in the inbox as Meta allows, in Chromium on the real stack: an admin opens an
 * approved template from the /templates list, finds the form filled from it (name and language
 * fixed), changes a word and adds a quick reply, sees the preview follow, submits; the list shows
 * it PENDING, then APPROVED once the simulator's (Meta's) review webhook comes, and Meta has the
 * change. A second edit the same day is explained, not offered; a template in review waits for
 * Meta, and once Meta rejects it the page turns into the form, with Meta's reason. Agents cannot
 * open the page.
 */
describe('templates edited in the inbox, as Meta allows', () => {
  let stack: InboxStack;
  let sb: Sendbook;
  let inbox: InboxServer;
  let tab: InboxPage;
  let agent: StaffLogin;
  beforeAll(async () => {
    // Meta's review takes long enough for the list to show PENDING first.
    stack = await startInboxStack({ sendbook: { sim: { templateReviewMs: 4000 } }, signInAs: (api) => createStaff(api, 'admin', 'Ada Admin') });
    ({ sb, inbox, tab } = stack);
    agent = await createStaff(sb, 'agent', 'Alan Agent');
  }, 120_000);
  afterAll(() => stack?.close());
  afterEach(() => assertLocalOnly(tab.outside));

  const rowOf = (name: string) => tab.page.getByRole('table', { name: 'Templates' }).getByRole('row').filter({ hasText: name });
  const statusOf = async (name: string) => (await sb.api().get(`/v1/templates?name=${name}`).expect(200)).body.data[0];
  const ORIGINAL = 'Hi {{1}}, your order {{2}} has shipped and should arrive by {{3}}.';
  const EDITED = 'Hi {{1}}, your order {{2}} is on its way and should arrive by {{3}}.';

  it('an admin edits an approved template’s body and buttons, and Meta approves the change', async () => {
    const { page } = tab;
    const id = (await statusOf('order_shipped')).id as string;
    await page.goto(`${inbox.url}/templates`);
    await rowOf('order_shipped').getByRole('link', { name: 'Edit order_shipped (en)' }).click();
    await page.waitForURL(`${inbox.url}/templates/${id}/edit`);
    await page.getByRole('heading', { name: 'Edit order_shipped', level: 1 }).waitFor();

    // Filled from the template; Meta keeps its name, language and (approved) category.
    const form = page.getByRole('form', { name: 'Edit order_shipped (en)' });
    for (const [label, value] of [
      ['Name', 'order_shipped'],
      ['Language', 'en'],
      ['Category', 'Utility: about an order, account or booking'],
    ]) {
      const field = form.getByRole('textbox', { name: label, exact: true });
      await expect(field.inputValue()).resolves.toBe(value);
      await expect(field.getAttribute('readonly')).resolves.not.toBeNull();
    }
    await expect(form.getByRole('combobox', { name: 'Category' }).count()).resolves.toBe(0);
    const body = form.getByRole('textbox', { name: 'Body' });
    await expect(body.inputValue()).resolves.toBe(ORIGINAL);
    await expect(form.getByRole('textbox', { name: 'Example for {{2}}' }).inputValue()).resolves.toBe('44812');
    await expect(form.getByRole('textbox', { name: 'Button 2 text' }).inputValue()).resolves.toBe('Stop updates');
    const preview = page.getByRole('figure', { name: 'Preview' });
    await expect(preview.textContent()).resolves.toContain('Hi Pablo, your order 44812 has shipped and should arrive by Friday.');
    await look(page, 'templates-edit-filled');

    // Submitting it unchanged would spend Meta's one edit of the day for nothing: refused here.
    const requests = sb.sim.requests();
    await page.getByRole('button', { name: 'Submit changes for review' }).click();
    await alertSaying(page, 'Nothing to submit yet').waitFor();
    expect(sb.sim.requests()).toBe(requests);

    await body.fill(EDITED);
    await page.getByRole('button', { name: 'Add quick reply' }).click();
    await form.getByRole('textbox', { name: 'Button 3 text' }).fill('Call me');
    await waitFor(async () => (await preview.textContent())?.includes('Hi Pablo, your order 44812 is on its way and should arrive by Friday.') ?? false, {
      what: 'the preview following the edit',
    });
    await expect(preview.getByRole('list', { name: 'Buttons on the template' }).textContent()).resolves.toContain('Call me');
    await look(page, 'templates-edit-changed');

    await page.getByRole('button', { name: 'Submit changes for review' }).click();
    await page.waitForURL(`${inbox.url}/templates`);
    await waitFor(async () => ((await rowOf('order_shipped').textContent()) ?? '').includes('PENDING'), { what: 'PENDING on screen' });
    await look(page, 'templates-edit-pending');
    // Meta's review webhook arrives; the list changes without a reload.
    await waitFor(async () => ((await rowOf('order_shipped').textContent()) ?? '').includes('APPROVED'), { what: 'APPROVED on screen', timeoutMs: 20_000 });
    await look(page, 'templates-edit-approved');

    // What Meta has is the edit, and the registry counts it against Meta's limit.
    const atMeta = sb.sim.config().templates.find((t) => t.name === 'order_shipped');
    expect(atMeta).toMatchObject({ status: 'APPROVED', category: 'UTILITY' });
    expect(atMeta?.components).toEqual([
      { type: 'BODY', text: EDITED, example: { body_text: [['Pablo', '44812', 'Friday']] } },
      {
        type: 'BUTTONS',
        buttons: [
          { type: 'QUICK_REPLY', text: 'Track it' },
          { type: 'QUICK_REPLY', text: 'Stop updates' },
          { type: 'QUICK_REPLY', text: 'Call me' },
        ],
      },
    ]);
    const registry = await statusOf('order_shipped');
    expect(registry.components).toEqual(atMeta?.components);
    expect(registry.approved_edits).toHaveLength(1);
  });

  it('a second edit the same day is explained, with when it may be edited again, not offered as a form', async () => {
    const { page } = tab;
    const id = (await statusOf('order_shipped')).id as string;
    await page.goto(`${inbox.url}/templates/${id}/edit`);
    const state = page.getByRole('status').filter({ hasText: 'This template can’t be edited again yet' });
    await state.waitFor();
    await expect(state.textContent()).resolves.toMatch(/edited in the last 24 hours.*It can be edited again (in \d+ h|tomorrow)\./);
    await expect(page.getByRole('form').count()).resolves.toBe(0);
    await look(page, 'templates-edit-limit');

    // No such template: said so, with the way back.
    await page.goto(`${inbox.url}/templates/404/edit`);
    await alertSaying(page, 'No such template').getByRole('link', { name: 'All templates' }).waitFor();
    await look(page, 'templates-edit-not-found');
  });

  it('a template in review waits for Meta; once Meta rejects it the page becomes the form, with Meta’s reason, and the fix is approved', async () => {
    const { page } = tab;
    const made = await sb
      .api()
      .post('/v1/templates')
      .send({
        name: 'pickup_adjacent',
        language: 'en',
        category: 'UTILITY',
        components: [{ type: 'BODY', text: 'Hello {{1}}{{2}}, your order is ready now.', example: { body_text: [['Pablo', 'Díaz']] } }],
      })
      .expect(201);
    const id = made.body.template.id as string;
    await page.goto(`${inbox.url}/templates/${id}/edit`);
    await page.getByRole('status').filter({ hasText: 'Meta is reviewing this template' }).waitFor();
    await look(page, 'templates-edit-in-review');

    // The review's webhook reaches the open page: the form, with Meta's reason above it.
    const form = page.getByRole('form', { name: 'Edit pickup_adjacent (en)' });
    await form.waitFor({ timeout: 20_000 });
    await page.getByText('Rejected for its format (INVALID_FORMAT)').waitFor();
    await page.getByText('parameters placed next to each other', { exact: false }).waitFor();
    // A rejected template's category may change; an approved one's could not.
    await form.getByRole('combobox', { name: 'Category' }).waitFor();
    await form.getByRole('textbox', { name: 'Body' }).fill('Hello {{1}}, order {{2}} is ready now.');
    await look(page, 'templates-edit-rejected');
    await page.getByRole('button', { name: 'Submit changes for review' }).click();
    await page.waitForURL(`${inbox.url}/templates`);
    await waitFor(async () => ((await rowOf('pickup_adjacent').textContent()) ?? '').includes('APPROVED'), { what: 'the fix approved', timeoutMs: 20_000 });
    expect(sb.sim.config().templates.find((t) => t.name === 'pickup_adjacent')?.components).toEqual([
      { type: 'BODY', text: 'Hello {{1}}, order {{2}} is ready now.', example: { body_text: [['Pablo', 'Díaz']] } },
    ]);
    // An edit of a rejected template is not counted against Meta's limit.
    expect((await statusOf('pickup_adjacent')).approved_edits).toEqual([]);
  });

  it('an agent cannot open the edit page, and the API refuses the edit', async () => {
    const agentTab = await openPage(stack.browser);
    const { page } = agentTab;
    const id = (await statusOf('spring_sale')).id as string;
    await page.goto(`${inbox.url}/login`);
    await signIn(page, agent);
    const response = await page.goto(`${inbox.url}/templates/${id}/edit`);
    expect(where(page)).toBe(`/templates/${id}/edit`);
    // Refused on the server: the refusal is in its HTML, and no form reached the browser.
    expect(await response?.text()).toContain('You don&#x27;t have access to this page');
    await page.getByRole('heading', { name: "You don't have access to this page" }).waitFor();
    await expect(page.getByRole('form').count()).resolves.toBe(0);
    await look(page, 'forbidden-templates-edit');
    const status = await page.evaluate(
      async (path) =>
        (await fetch(path, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ category: 'MARKETING' }) })).status,
      `/v1/templates/${id}`,
    );
    expect(status).toBe(403);
    expect(agentTab.outside).toEqual([]);
    await agentTab.close();
  });
});
