import type { Page } from 'playwright-core';
import { optedOut, postPreference } from '../conversations/marketing-support.js';
import { startInboxStack, type InboxStack } from '../support/inbox-stack.js';
import { assertLocalOnly, look } from '../support/inbox-browser.js';
import type { Sendbook } from '../support/sendbook.js';
import { createStaff } from '../support/staff.js';
import { waitFor } from '../support/wait-for.js';
import { postWebhook } from '../webhooks/webhook-support.js';

const RATE = 25;
const NAME = 'winter-sale';
const phone = (n: number) => `97250520${String(n).padStart(4, '0')}`;
const OPTED_OUT = [1, 2, 3, 4, 5].map((i) => phone(i * 40));

/**
 * 300 lines after the header: 295 distinct customers (5 of them opted out of marketing), 3 lines
 * that cannot be sent and 2 that repeat an earlier customer. Each customer's first name and their
 * discount fill the template's {{1}} and {{2}}.
 */
function customersCsv(): { csv: string; valid: string[] } {
  const lines = ['phone,first_name,discount'];
  const valid: string[] = [];
  for (let i = 0; i < 295; i++) {
    valid.push(phone(i));
    lines.push(`+${phone(i)},Friend ${i},${10 + (i % 5) * 5}%`);
    if (i === 10) lines.push('not-a-phone,Nobody,10%');
    if (i === 20) lines.push(`+${phone(7)},Friend 7 again,10%`);
    if (i === 30) lines.push(`+${phone(999)},,10%`);
    if (i === 40) lines.push(`+${phone(998)},Too,many,fields`);
    if (i === 50) lines.push(`${phone(8)},Friend 8 without a plus,10%`);
  }
  return { csv: lines.join('\n') + '\n', valid };
}

/**
 * A campaign made and run in the inbox on the real stack, on a new number (250 customers a day):
 * the upload's every bad line named, the summary (290 go, 250 today), the simulator receiving each
 * customer once and no faster than the number's rate, a pause that loses and doubles nothing, the
 * rest going when Meta raises the limit, the same file again sending nothing; and a template Meta
 * rejected offered in no campaign.
 */
describe('a campaign from a CSV, started and run in the inbox', () => {
  let stack: InboxStack;
  let sb: Sendbook;
  let page: Page;
  const { csv, valid } = customersCsv();
  const received = () => sb.sim.ledger().filter((m) => m.to.startsWith('97250520'));

  beforeAll(async () => {
    stack = await startInboxStack({
      sendbook: { sim: { pairIntervalMs: 0 }, app: { env: { MESSAGING_LIMIT: '250', SEND_RATE_PER_SECOND: String(RATE) } } },
      signInAs: (api) => createStaff(api, 'admin', 'Ada Admin'),
    });
    ({ sb } = stack);
    page = stack.tab.page;
    await sb.api().post('/v1/templates/sync').expect(200);
    for (const waId of OPTED_OUT) await postPreference(sb, waId, 'stop', Math.floor(Date.now() / 1000) - 60);
    for (const waId of OPTED_OUT) await optedOut(sb, waId);
  }, 120_000);
  afterAll(() => stack?.close());
  afterEach(() => assertLocalOnly(stack.tab.outside));

  const tile = (list: string, label: string) => page.getByRole('list', { name: list }).getByRole('listitem', { name: label });
  const tileText = async (list: string, label: string) => (await tile(list, label).textContent()) ?? '';
  const run = async () => (await sb.api().get(`/v1/campaigns/${NAME}/run`).expect(200)).body.campaign;

  async function fillForm(): Promise<void> {
    await page.goto(`${stack.inbox.url}/campaigns`);
    await page.getByRole('link', { name: 'New campaign' }).first().click();
    await page.waitForURL((url) => url.pathname === '/campaigns/new');
    await page.getByRole('heading', { name: 'New campaign', level: 1 }).waitFor();
    await page.getByRole('textbox', { name: 'Name' }).fill(NAME);
    await page.getByRole('combobox', { name: 'Template' }).selectOption({ label: 'spring_sale (en) · marketing' });
    await page.getByLabel('Recipients (CSV)').setInputFiles({ name: 'customers.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  }

  it('the upload: every bad line named, the columns mapped, the first rows as customers see them, and the summary of a new number', async () => {
    await fillForm();
    // The columns after the phone fill {{1}} and {{2}} in order; the admin could choose others.
    expect(await page.getByRole('combobox', { name: 'Variable {{1}}' }).inputValue()).toBe('first_name');
    expect(await page.getByRole('combobox', { name: 'Variable {{2}}' }).inputValue()).toBe('discount');
    await waitFor(async () => (await tile('Campaign summary', 'Will go').count()) === 1, { what: 'the summary' });
    expect(await tileText('Campaign summary', 'Will go')).toContain('290');
    expect(await tileText('Campaign summary', 'Today')).toMatch(/^Today250under the limit of 250 customers a day/);
    expect(await tileText('Campaign summary', 'Wait for the limit')).toContain('40');
    expect(await tileText('Campaign summary', 'Opted out')).toContain('5of marketing');
    expect(await tileText('Campaign summary', 'Refused')).toContain('53 malformed, 2 duplicates');

    const refused = page.getByRole('table', { name: 'Refused rows' });
    const lines = await refused.getByRole('row').allTextContents();
    // The header line is 1, the first customer 2: the bad lines sit after customers 10, 20, 30, 40 and 50.
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(/^13not a valid phone number/),
      '24duplicate of line 9: the same recipient',
      '35variable {{1}} is empty',
      '46has 4 fields, the header 3',
      '57duplicate of line 10: the same recipient',
    ]);
    const first = page.getByRole('figure', { name: 'Preview for line 2' });
    expect(await first.textContent()).toContain('Hi Friend 0! Our spring sale starts today: 10% off everything.');
    await look(page, 'campaign-new-form');
    await page.getByRole('table', { name: 'Refused rows' }).scrollIntoViewIfNeeded();
    await look(page, 'campaign-new-summary');
    expect(received()).toEqual([]);
  }, 120_000);

  it('started: the simulator gets each customer once, paced; a pause holds the rest and a resume sends it, none twice', async () => {
    await fillForm();
    await tile('Campaign summary', 'Will go').waitFor();
    await page.getByRole('button', { name: 'Start campaign' }).click();
    await page.waitForURL((url) => url.pathname === `/campaigns/${NAME}`);
    await page.getByRole('heading', { name: NAME, level: 1 }).waitFor();

    await waitFor(() => received().length >= 60, { what: 'some sends', timeoutMs: 30_000 });
    await page.getByRole('button', { name: 'Pause' }).click();
    const dialog = page.getByRole('dialog', { name: `Pause the campaign “${NAME}”` });
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.waitFor({ state: 'detached' });
    await waitFor(async () => ((await run()).by_state.sending ?? 0) === 0, { what: 'the sends in flight done' });
    const atPause = received().length;
    expect(atPause).toBeLessThan(250);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(received().length).toBe(atPause);
    const paused = await run();
    expect(paused.state).toBe('paused');
    expect(paused.by_state.failed ?? 0).toBe(0);
    await waitFor(async () => (await tileText('Campaign progress', 'Held for the pause')).includes(String((await run()).held_for_pause)), {
      what: 'the held count on screen',
    });
    expect(paused.held_for_pause).toBeGreaterThan(0);
    await look(page, 'campaign-run-paused');

    await page.getByRole('button', { name: 'Resume' }).click();
    await page
      .getByRole('dialog', { name: `Resume the campaign “${NAME}”` })
      .getByRole('button', { name: 'Confirm' })
      .click();
    await waitFor(() => received().length === 250, { what: '250 customers today', timeoutMs: 60_000 });
    await waitFor(async () => (await run()).waiting_for_limit === 40, { what: '40 waiting for the limit', timeoutMs: 30_000 });
    await waitFor(async () => (await tileText('Campaign progress', 'Waiting for the limit')).includes('40'), { what: '40 waiting on screen' });
    await look(page, 'campaign-run-waiting');

    // Each customer once; the opted-out never; no second of sends above the number's rate.
    const sent = received();
    expect(new Set(sent.map((m) => m.to)).size).toBe(250);
    expect(sent.filter((m) => OPTED_OUT.includes(m.to))).toEqual([]);
    const perSecond = new Map<number, number>();
    for (const m of sent) perSecond.set(Math.floor(m.acceptedAt / 1000), (perSecond.get(Math.floor(m.acceptedAt / 1000)) ?? 0) + 1);
    expect(Math.max(...perSecond.values())).toBeLessThanOrEqual(RATE);

    // Meta raises the number's limit: the 40 go, and the campaign completes with everyone reached once.
    const raise = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: sb.config.whatsapp.businessAccountId,
          time: Math.floor(Date.now() / 1000),
          changes: [{ field: 'business_capability_update', value: { max_daily_conversations_per_business: 2000 } }],
        },
      ],
    });
    expect((await postWebhook(sb.url, raise)).status).toBe(200);
    await waitFor(() => received().length === 290, { what: 'all 290', timeoutMs: 60_000 });
    await waitFor(async () => (await run()).state === 'completed', { what: 'the campaign completed', timeoutMs: 30_000 });
    const all = received();
    expect(new Set(all.map((m) => m.to))).toEqual(new Set(valid.filter((w) => !OPTED_OUT.includes(w))));
    expect(sb.sim.duplicatedCallbackData()).toEqual([]);
    await page.getByText('Completed', { exact: true }).waitFor({ timeout: 15_000 });
    await waitFor(async () => (await tileText('Campaign progress', 'Sent')).startsWith('Sent290'), { what: '290 sent on screen' });
    expect(await tileText('Campaign progress', 'Opted out')).toContain('5');
    await look(page, 'campaign-run-completed');

    // The export: every customer the campaign holds with its message's state.
    const href = (await page.getByRole('link', { name: 'Export rows (CSV)' }).getAttribute('href')) ?? 'no href';
    const exported = await page.evaluate(async (url) => (await fetch(url)).text(), href);
    const rows = exported.trim().split('\r\n');
    expect(rows[0]).toBe('line,to,state,error_code,wamid');
    expect(rows).toHaveLength(296);
    expect(rows.filter((r) => r.includes(',held,marketing_opt_out,'))).toHaveLength(5);
  }, 180_000);

  it('the same file again: the summary says nobody would get it, the API adds nobody, the simulator receives nothing more', async () => {
    const before = received().length;
    await fillForm();
    await waitFor(async () => (await tile('Campaign summary', 'Will go').count()) === 1, { what: 'the summary' });
    expect(await tileText('Campaign summary', 'Will go')).toMatch(/^Will go0295 of the file’s 300 rows already have this campaign/);
    expect(await page.getByRole('button', { name: 'Start campaign' }).isDisabled()).toBe(true);
    await page.getByText('Everyone in this file already has this campaign').waitFor();
    await look(page, 'campaign-new-again');

    const again = await sb
      .api()
      .post(`/v1/campaigns?name=${NAME}&template_name=spring_sale&template_language=en`)
      .set('Content-Type', 'text/csv')
      .send(csv)
      .expect(202);
    expect(again.body.summary).toMatchObject({ added: 0, already_in_campaign: 295 });
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(received().length).toBe(before);
    expect((await run()).rows_total).toBe(295);
  }, 120_000);

  it('a template Meta rejected is offered, with its reason, but cannot be chosen, and the API refuses a campaign of it', async () => {
    await sb
      .api()
      .post('/v1/templates')
      .send({
        name: 'pickup_names',
        language: 'en',
        category: 'UTILITY',
        components: [{ type: 'BODY', text: 'Hello {{1}}{{2}}, your order is ready now.', example: { body_text: [['Pablo', 'Díaz']] } }],
      })
      .expect(201);
    await waitFor(
      async () =>
        (await sb.api().get('/v1/templates').expect(200)).body.data.some(
          (t: { name: string; status: string }) => t.name === 'pickup_names' && t.status === 'REJECTED',
        ),
      {
        what: 'the review',
        timeoutMs: 20_000,
      },
    );
    await page.goto(`${stack.inbox.url}/campaigns/new`);
    const option = page.getByRole('combobox', { name: 'Template' }).getByRole('option', { name: /^pickup_names/ });
    expect(await option.textContent()).toBe('pickup_names (en) · REJECTED: INVALID_FORMAT');
    expect(await option.isDisabled()).toBe(true);
    await look(page, 'campaign-new-empty');

    const refused = await sb
      .api()
      .post('/v1/campaigns')
      .send({ name: 'rejected', template: { name: 'pickup_names', language: 'en' }, recipients: [{ to: '+972505200001', variables: ['a', 'b'] }] })
      .expect(400);
    expect(refused.body.details).toEqual([expect.objectContaining({ field: 'template', message: expect.stringContaining('REJECTED') })]);
  }, 120_000);
});
