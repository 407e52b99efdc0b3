import type { Template } from '@sendbook/api-contract';
import { bodyVariablesOf, campaignTemplateChoices, guessMapping, readRecipientsFile, unmappedVariables } from './campaign-upload';

const template = (over: Partial<Template>): Template => ({
  id: '1',
  waba_id: 'w',
  name: 'spring_sale',
  language: 'en',
  category: 'MARKETING',
  status: 'APPROVED',
  quality: null,
  parameter_format: 'POSITIONAL',
  components: [{ type: 'BODY', text: 'Hi {{1}}! {{2}} off, {{1}}.' }],
  rejection: null,
  approved_edits: [],
  synced_at: '2026-12-05T00:00:00Z',
  updated_at: '2026-12-05T00:00:00Z',
  ...over,
});

describe('readRecipientsFile', () => {
  it('reads the header, the recipient column and how many rows follow (blank lines skipped, a BOM dropped)', () => {
    expect(readRecipientsFile('\ufeffname,Phone,discount\r\nAda,+972501,20%\r\n\r\n"Ben, Jr",+972502,10%\r\n')).toEqual({
      ok: true,
      columns: ['name', 'Phone', 'discount'],
      recipientColumn: 'Phone',
      rows: 2,
    });
  });

  it.each([
    ['', 'The file is empty: it needs a header line and a line per recipient.'],
    ['name,discount\nAda,20%\n', 'The header has no phone, to or recipient column (it has name, discount).'],
    ['phone,name\n', 'The file has a header but no recipients.'],
    ['phone,name\n+1,"open\n', 'Line 2: a quoted field is never closed.'],
  ])('%j is refused: %s', (text, reason) => {
    expect(readRecipientsFile(text)).toMatchObject({ ok: false, reason });
  });
});

describe('bodyVariablesOf', () => {
  it('each variable of the body once, in order', () => {
    expect(bodyVariablesOf(template({}))).toEqual(['1', '2']);
    expect(
      bodyVariablesOf(
        template({
          components: [
            { type: 'HEADER', text: '{{9}}' },
            { type: 'body', text: 'Hi {{first_name}}' },
          ],
        }),
      ),
    ).toEqual(['first_name']);
    expect(bodyVariablesOf(template({ components: [] }))).toEqual([]);
  });
});

describe('guessMapping', () => {
  it('takes the columns after the recipient in order for positional variables', () => {
    expect(guessMapping(['phone', 'name', 'discount'], 'phone', ['1', '2'])).toEqual(['name', 'discount']);
  });
  it('a column named like a named variable wins, wherever it is; the others fill in order', () => {
    expect(guessMapping(['discount', 'to', 'city', 'First_Name'], 'to', ['first_name', 'offer'])).toEqual(['First_Name', 'discount']);
  });
  it('leaves a variable unmapped when no column is left', () => {
    const mapping = guessMapping(['phone', 'name'], 'phone', ['1', '2']);
    expect(mapping).toEqual(['name', '']);
    expect(unmappedVariables(['1', '2'], mapping)).toEqual(['2']);
  });
});

describe('campaignTemplateChoices', () => {
  it('approved templates first, by name; the others say why they cannot be used (a rejection with its reason)', () => {
    const choices = campaignTemplateChoices([
      template({ name: 'winter', status: 'REJECTED', rejection: { reason: 'INVALID_FORMAT', detail: null, recommendation: null } }),
      template({ name: 'zebra' }),
      template({ name: 'pending_one', status: 'PENDING' }),
      template({ name: 'apple' }),
    ]);
    expect(choices.map((c) => [c.template.name, c.usable, c.why])).toEqual([
      ['apple', true, null],
      ['zebra', true, null],
      ['pending_one', false, 'PENDING'],
      ['winter', false, 'REJECTED: INVALID_FORMAT'],
    ]);
  });

  it('an approved template whose header takes an image is listed with why a file cannot send it', () => {
    const [choice] = campaignTemplateChoices([
      template({
        name: 'august_promotion',
        components: [
          { type: 'HEADER', format: 'IMAGE' },
          { type: 'BODY', text: 'Hi {{1}}' },
        ],
      }),
    ]);
    expect(choice).toMatchObject({ usable: false, why: 'its header takes an image' });
  });
});
