import { CUSTOMER_SERVICE_WINDOW_MS, dateFromUnixSeconds, isWindowOpen, windowOpenUntil } from './window.js';

const last = new Date('2026-03-01T10:00:00Z');
const at = (iso: string) => new Date(iso);

describe('24-hour customer-service window', () => {
  it('closes 24 h after the last inbound message', () => {
    expect(windowOpenUntil(last)).toEqual(at('2026-03-02T10:00:00Z'));
    expect(CUSTOMER_SERVICE_WINDOW_MS).toBe(86_400_000);
  });

  it.each([
    ['right after the message', '2026-03-01T10:00:01Z', true],
    ['an hour later', '2026-03-01T11:00:00Z', true],
    ['one ms before closing', '2026-03-02T09:59:59.999Z', true],
    ['exactly 24 h later', '2026-03-02T10:00:00Z', false],
    ['a day and a second later', '2026-03-02T10:00:01Z', false],
    ['a week later', '2026-03-08T10:00:00Z', false],
  ])('%s: open is %s', (_label, now, open) => {
    expect(isWindowOpen(last, at(now))).toBe(open);
  });

  it('is closed with no inbound message, or an invalid date', () => {
    expect(windowOpenUntil(null)).toBeNull();
    expect(isWindowOpen(null, last)).toBe(false);
    expect(windowOpenUntil(new Date(Number.NaN))).toBeNull();
  });

  it("counts from Meta's timestamp, not from when the webhook arrived", () => {
    const sentAt = dateFromUnixSeconds('1749416383');
    expect(sentAt).toEqual(new Date(1749416383 * 1000));
    // Delivered late (a retry 23 h after): still only one hour left.
    const now = new Date((1749416383 + 23 * 3600) * 1000);
    expect(isWindowOpen(sentAt, now)).toBe(true);
    expect(isWindowOpen(sentAt, new Date(now.getTime() + 3600 * 1000))).toBe(false);
  });

  it.each([
    [1749416383, new Date(1749416383000)],
    ['1749416383', new Date(1749416383000)],
    ['', null],
    ['abc', null],
    [null, null],
    [undefined, null],
  ])('dateFromUnixSeconds(%j)', (input, expected) => {
    expect(dateFromUnixSeconds(input)).toEqual(expected);
  });
});
