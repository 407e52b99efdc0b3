import { campaignDedupeKey, campaignRowChecker, campaignTemplatePayload, checkCampaignRows, csvCampaignRows } from './campaign-rows.js';
import { estimateCampaign } from './campaign-estimate.js';
import { parseCsv } from '@sendbook/api-contract';

describe('campaign rows', () => {
  const csv = (text: string, mapping: string[] | null = null) => {
    const parsed = csvCampaignRows(parseCsv(text).records, mapping);
    if (!parsed.ok) throw new Error(parsed.reason);
    return parsed;
  };

  it('every row is accepted or refused with its line and reason; a repeated recipient is a duplicate of the first', () => {
    const { rows } = csv('phone,name,discount\n+972501234567,Ada,20%\nnot-a-number,Ben,10%\n972501234567,Ada again,5%\n+972501234568,,5%\n+972501234569,Eve\n');
    const { accepted, refused } = checkCampaignRows(rows, 2);
    expect(accepted).toEqual([{ line: 2, to: '+972501234567', waId: '972501234567', isBsuid: false, variables: ['Ada', '20%'] }]);
    expect(refused).toEqual([
      { line: 3, reason: expect.stringMatching(/^not a valid phone number/) },
      { line: 4, reason: 'duplicate of line 2: the same recipient' },
      { line: 5, reason: 'variable {{1}} is empty' },
      { line: 6, reason: 'has 2 fields, the header 3' },
    ]);
  });

  it('a mapping picks the columns for the variables, in order', () => {
    const parsed = csv('discount,to,name,extra\n20%,+972501234567,Ada,x\n', ['name', 'discount']);
    expect(parsed.variableColumns).toEqual(['name', 'discount']);
    expect(parsed.rows[0]!.variables).toEqual(['Ada', '20%']);
    expect(csvCampaignRows(parseCsv('to,name\n1,2\n').records, ['nope'])).toMatchObject({ ok: false, field: 'variables' });
  });

  it('a header without a recipient column is refused', () => {
    expect(csvCampaignRows(parseCsv('name\nAda\n').records, null)).toMatchObject({ ok: false, reason: 'the header has no phone, to or recipient column' });
  });

  it('the dedupe key is the campaign and the recipient alone', () => {
    expect(campaignDedupeKey('c1', '972501234567')).toBe('campaign:c1:972501234567');
  });

  it('the payload carries the variables as body parameters', () => {
    expect(campaignTemplatePayload({ name: 'spring_sale', language: 'en' }, ['Ada', '20%'])).toEqual({
      type: 'template',
      template: {
        name: 'spring_sale',
        language: { code: 'en' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Ada' },
              { type: 'text', text: '20%' },
            ],
          },
        ],
      },
    });
  });
});

describe('estimateCampaign', () => {
  const start = new Date('2026-05-01T10:00:00Z');
  const DAY = 86_400_000;
  it.each([
    [
      { recipients: 0, limit: 250, usersInWindow: 0 },
      { today: 0, waitingForLimit: 0, lastAt: null },
    ],
    [
      { recipients: 100, limit: 250, usersInWindow: 0 },
      { today: 100, waitingForLimit: 0, lastAt: new Date(start.getTime() + 99 * 100) },
    ],
    [
      { recipients: 290, limit: 250, usersInWindow: 0 },
      { today: 250, waitingForLimit: 40, lastAt: new Date(start.getTime() + DAY + 39 * 100) },
    ],
    [
      { recipients: 600, limit: 250, usersInWindow: 200 },
      { today: 50, waitingForLimit: 550, lastAt: new Date(start.getTime() + 3 * DAY + 49 * 100) },
    ],
    [
      { recipients: 10, limit: 'unlimited' as const, usersInWindow: 5 },
      { today: 10, waitingForLimit: 0, lastAt: new Date(start.getTime() + 9 * 100) },
    ],
  ])('%j', (given, expected) => {
    expect(estimateCampaign({ start, ratePerSecond: 10, windowMs: DAY, ...given })).toEqual(expected);
  });
});

describe('campaignRowChecker', () => {
  it('fed in parts, finds a duplicate across them and answers as the one-shot check does', () => {
    const rows = ['+972501234567', '+972501234568', '972501234567', 'nope'].map((to, i) => ({ line: i + 2, to, variables: ['x'] }));
    const checker = campaignRowChecker(1);
    checker.add(rows.slice(0, 2));
    checker.add(rows.slice(2));
    expect(checker.result()).toEqual(checkCampaignRows(rows, 1));
    expect(checker.result().refused).toEqual([
      { line: 4, reason: 'duplicate of line 2: the same recipient' },
      { line: 5, reason: expect.stringMatching(/^not a valid phone number/) },
    ]);
  });
});
