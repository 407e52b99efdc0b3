import { assignmentWords, durationWords, hoursWords } from './team-words';

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
  });
});
