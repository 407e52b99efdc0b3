import { describeWindow } from './window';

const NOW = '2026-12-02T14:30:00Z';
const at = (minutesFromNow: number) => new Date(Date.parse(NOW) + minutesFromNow * 60_000).toISOString();

describe('describeWindow', () => {
  it.each([
    [at(3 * 60 + 12), true, 'Window closes in 3 h 12 min', '3 h 12 min left', '3 h left', 'success'],
    [at(23 * 60 + 59), true, 'Window closes in 23 h 59 min', '23 h 59 min left', '23 h left', 'success'],
    [at(60), true, 'Window closes in 1 h', '1 h left', '1 h left', 'warning'],
    [at(45), true, 'Window closes in 45 min', '45 min left', '45 min left', 'warning'],
    [at(0.5), true, 'Window closes in less than a minute', 'less than a minute left', 'less than a minute left', 'warning'],
    [at(0), false, 'Window closed just now', 'Window closed', 'Window closed', 'muted'],
    [at(-5), false, 'Window closed 5 min ago', 'Window closed', 'Window closed', 'muted'],
    ['2026-11-30T10:00:00Z', false, 'Window closed 2 days ago', 'Window closed', 'Window closed', 'muted'],
    [null, false, 'No message from the customer yet: templates only', 'Window closed', 'Window closed', 'muted'],
  ])('until %s → open %s, %s', (until, open, label, short, brief, tone) => {
    expect(describeWindow({ window_open_until: until }, NOW)).toEqual({ open, label, short, brief, tone });
  });

  it('never says more than the 24 hours a window lasts, when the page clock trails the message that opened it', () => {
    expect(describeWindow({ window_open_until: at(24 * 60 + 0.4) }, NOW)).toMatchObject({ label: 'Window closes in 23 h 59 min', short: '23 h 59 min left' });
  });

  it('trusts the clock, not a stale window_open flag', () => {
    const conversation = { window_open: true, window_open_until: at(-1) };
    expect(describeWindow(conversation, NOW).open).toBe(false);
  });
});
