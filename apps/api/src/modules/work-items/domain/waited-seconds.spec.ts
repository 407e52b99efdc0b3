import { waitedSeconds } from './waited-seconds.js';

const t = (iso: string) => new Date(`2026-12-01T${iso}Z`);

describe('waitedSeconds', () => {
  it.each([
    ['from the first unanswered message, rounded down', { waitingSince: t('10:00:00'), breachedAt: t('10:05:00') }, t('10:12:30.900'), 750],
    ['no start recorded: from the breach', { waitingSince: null, breachedAt: t('10:05:00') }, t('10:06:00'), 60],
    ['a clock behind the start says 0, never negative', { waitingSince: t('10:00:00'), breachedAt: null }, t('09:59:58'), 0],
    ['nothing says when it began', { waitingSince: null, breachedAt: null }, t('10:00:00'), null],
  ] as const)('%s', (_case, wait, until, expected) => {
    expect(waitedSeconds(wait, until)).toBe(expected);
  });
});
