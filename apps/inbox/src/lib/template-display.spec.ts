import { lastSync, templateStatusTone } from './template-display';

describe('templates in words', () => {
  it.each([
    ['APPROVED', 'success'],
    ['paused', 'warning'],
    ['PENDING', 'warning'],
    ['REJECTED', 'danger'],
    ['DISABLED', 'danger'],
    ['LIMIT_EXCEEDED', 'muted'],
  ])('%s → %s', (status, tone) => {
    expect(templateStatusTone(status)).toBe(tone);
  });

  it('the last sync is the newest synced_at', () => {
    expect(lastSync([])).toBeNull();
    expect(lastSync([{ synced_at: '2026-09-21T06:00:00Z' }, { synced_at: '2026-09-21T07:00:00Z' }, { synced_at: '2026-09-20T07:00:00Z' }])).toBe(
      '2026-09-21T07:00:00Z',
    );
  });
});
