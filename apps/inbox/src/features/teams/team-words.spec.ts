import { assignmentWords, durationWords, hoursWords, outOfOfficeWords } from './team-words';

describe('team words', () => {
  it.each([
    [null, 'none'],
    [30, '1 min'],
    [300, '5 min'],
    [3600, '1 h'],
    [5400, '1 h 30 min'],
  ])('durationWords(%s) → %s', (seconds, words) => expect(durationWords(seconds)).toBe(words));

  it('says the assignment and its cap', () => {
    expect(assignmentWords({ mode: 'manual', max_open: 10, reassign_after_minutes: null })).toBe('Manual');
    expect(assignmentWords({ mode: 'balanced', max_open: 3, reassign_after_minutes: null })).toBe('Balanced, at most 3 open each');
    expect(assignmentWords({ mode: 'round_robin', max_open: 5, reassign_after_minutes: 15 })).toBe(
      'Round robin, at most 5 open each, reassigned after 15 min silent',
    );
    expect(assignmentWords({ mode: 'manual', max_open: 10, reassign_after_minutes: 90 })).toBe('Manual, reassigned after 1 h 30 min silent');
  });

  it('says the hours briefly', () => {
    expect(hoursWords(null)).toBe('Always open');
    const weekly = {
      mon: [['09:00', '17:00'] as [string, string]],
      tue: [],
      wed: [],
      thu: [],
      fri: [['09:00', '17:00'] as [string, string]],
      sat: [],
      sun: [],
    };
    expect(hoursWords({ time_zone: 'Europe/Berlin', weekly, holidays: ['2026-12-25'] })).toBe('Europe/Berlin, 2 days a week, 1 holiday');
    expect(outOfOfficeWords({ out_of_office: null, business_hours: null })).toBeNull();
    expect(outOfOfficeWords({ out_of_office: { text: 'Closed' }, business_hours: { time_zone: 'UTC', weekly, holidays: [] } })).toBe('Out-of-office reply');
    expect(outOfOfficeWords({ out_of_office: { text: 'Closed' }, business_hours: null })).toBe('Out-of-office reply (never sent: no business hours)');
  });
});
