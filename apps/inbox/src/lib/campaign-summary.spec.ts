import { summaryFigures, type PlannedCampaign } from './campaign-summary';

const NOW = Date.parse('2026-12-05T10:00:00Z');
const planned: PlannedCampaign = {
  rows: 300,
  valid: 295,
  refused: 5,
  duplicates: 2,
  opted_out: 5,
  will_go: 290,
  today: 250,
  waiting_for_limit: 40,
  messaging_limit: 250,
  users_in_window: 0,
  rate_per_second: 80,
  first_at: '2026-12-05T10:00:00Z',
  last_at: '2026-12-06T10:00:01Z',
  template_category: 'MARKETING',
};

describe('summaryFigures', () => {
  it('a new number: 290 go, 250 today, 40 wait for the limit, 5 opted out, 5 refused (3 malformed, 2 duplicates)', () => {
    const figures = Object.fromEntries(summaryFigures(planned, NOW).map((f) => [f.label, `${f.value} | ${f.detail}`]));
    expect(figures).toEqual({
      'Will go': '290 | of 300 rows in the file',
      Today: '250 | under the limit of 250 customers a day (0 reached in the last 24 h)',
      'Wait for the limit': '40 | queued until the number’s 24-hour window frees room',
      'Opted out': '5 | of marketing: held, never sent',
      Refused: '5 | 3 malformed, 2 duplicates: listed below with their lines',
      'Last one goes': 'in 1 day | at 80 messages a second, after the limit frees room',
    });
  });

  it('the same file again under the same name: nothing goes, and it says why', () => {
    const again = summaryFigures({ ...planned, will_go: 0, today: 0, waiting_for_limit: 0, already_in_campaign: 295 }, NOW)[0]!;
    expect(again).toEqual({ label: 'Will go', value: '0', detail: '295 of the file’s 300 rows already have this campaign: never sent twice', tone: 'danger' });
  });

  it('unlimited, all today, nothing refused, a slow rate', () => {
    const figures = summaryFigures(
      {
        ...planned,
        refused: 0,
        duplicates: 0,
        opted_out: 0,
        will_go: 12,
        today: 12,
        waiting_for_limit: 0,
        messaging_limit: 'unlimited',
        rate_per_second: 0.5,
        last_at: '2026-12-05T10:00:22Z',
        template_category: 'UTILITY',
      },
      NOW,
    );
    expect(figures.map((f) => f.detail)).toEqual([
      'of 300 rows in the file',
      'no messaging limit on this number',
      'none: all fit today',
      'not a marketing template: opt-outs do not apply',
      'every row can be read',
      'at one message every 2 s',
    ]);
    expect(figures.at(-1)!.value).toBe('in 22 s');
  });
});
