import type { InboxServer } from '../support/inbox-server.js';
import { startInboxStack, type InboxStack } from '../support/inbox-stack.js';
import { assertLocalOnly, look, type InboxPage } from '../support/inbox-browser.js';
import type { Sendbook } from '../support/sendbook.js';
import { createStaff } from '../support/staff.js';
import { TEST_SECRETS } from '../support/test-env.js';

/**
 * Teams in Chromium on the real stack: an admin makes a team at /settings/teams with two members
 * and the business number, assignment, targets and business hours, sees it listed, and the API
 * holds exactly that; a delete asks first.
 */
describe('teams: an admin makes a team with members, a number and business hours', () => {
  let stack: InboxStack;
  let sb: Sendbook;
  let inbox: InboxServer;
  let tab: InboxPage;
  beforeAll(async () => {
    stack = await startInboxStack({ signInAs: (api) => createStaff(api, 'admin', 'Ada Admin') });
    ({ sb, inbox, tab } = stack);
    await createStaff(sb, 'agent', 'Ben Agent');
    await createStaff(sb, 'agent', 'Cleo Agent');
  }, 120_000);
  afterAll(() => stack?.close());
  afterEach(() => assertLocalOnly(tab.outside));

  it('creates the team, sees it listed; the API has the members, number and hours', async () => {
    const { page } = tab;
    await page.goto(`${inbox.url}/settings/teams`);
    await page.getByRole('heading', { name: 'Teams', level: 1 }).waitFor();
    await page.getByRole('status').filter({ hasText: 'No teams yet' }).waitFor();
    await page.getByRole('link', { name: 'Teams' }).waitFor();

    const form = page.getByRole('form', { name: 'New team' });
    await form.getByRole('textbox', { name: 'Name' }).fill('Support');
    await form.getByRole('checkbox', { name: 'Ben Agent' }).check();
    await form.getByRole('checkbox', { name: 'Cleo Agent' }).check();
    await form.getByRole('checkbox', { name: new RegExp(TEST_SECRETS.phoneNumberId) }).check();
    await form.getByRole('combobox', { name: 'Assignment' }).selectOption('balanced');
    await form.getByRole('spinbutton', { name: 'Max open per member' }).fill('4');
    await form.getByRole('textbox', { name: 'First response target (minutes)' }).fill('5');
    await form.getByRole('textbox', { name: 'Next response target (minutes)' }).fill('15');
    await form.getByRole('checkbox', { name: /Set business hours/ }).check();
    await form.getByRole('combobox', { name: 'Time zone' }).selectOption('Europe/Berlin');
    await form.getByLabel('Friday closes').fill('15:00');
    await form.getByRole('checkbox', { name: 'Saturday' }).check();
    await form.getByLabel('Saturday opens').fill('10:00');
    await form.getByLabel('Saturday closes').fill('14:00');
    await form.getByRole('textbox', { name: 'Holidays' }).fill('2026-12-25, 2026-12-26');
    await look(page, 'teams-form');
    await form.getByRole('button', { name: 'Create team' }).click();

    const row = page.getByRole('table', { name: 'Teams' }).getByRole('row').filter({ hasText: 'Support' });
    await row.waitFor();
    await row.filter({ hasText: 'Ben Agent, Cleo Agent' }).waitFor();
    await row.filter({ hasText: TEST_SECRETS.phoneNumberId }).waitFor();
    await row.filter({ hasText: 'Balanced, at most 4 open each' }).waitFor();
    await row.filter({ hasText: 'First 5 min · next 15 min' }).waitFor();
    await row.filter({ hasText: 'Europe/Berlin, 6 days a week, 2 holidays' }).waitFor();
    await look(page, 'teams-listed');

    const [team] = (await sb.api().get('/v1/teams').expect(200)).body.data;
    expect(team).toMatchObject({
      name: 'Support',
      members: [{ name: 'Ben Agent' }, { name: 'Cleo Agent' }],
      phone_number_ids: [TEST_SECRETS.phoneNumberId],
      assignment: { mode: 'balanced', max_open: 4 },
      targets: { first_response_seconds: 300, next_response_seconds: 900 },
      business_hours: {
        time_zone: 'Europe/Berlin',
        weekly: { mon: [['09:00', '17:00']], fri: [['09:00', '15:00']], sat: [['10:00', '14:00']], sun: [] },
        holidays: ['2026-12-25', '2026-12-26'],
      },
    });
  });

  it('a second team cannot take the number: the form says why; Delete asks first', async () => {
    const { page } = tab;
    const form = page.getByRole('form', { name: 'New team' });
    await form.getByRole('textbox', { name: 'Name' }).fill('Sales');
    await form.getByRole('checkbox', { name: new RegExp(TEST_SECRETS.phoneNumberId) }).check();
    await form.getByRole('button', { name: 'Create team' }).click();
    await form.getByRole('alert').filter({ hasText: 'routed to team "Support"' }).waitFor();

    await page.getByRole('button', { name: 'Delete Support' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Support?' });
    await dialog.waitFor();
    await look(page, 'teams-delete');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('status').filter({ hasText: 'No teams yet' }).waitFor();
    expect((await sb.api().get('/v1/teams').expect(200)).body.data).toEqual([]);
  });
});
