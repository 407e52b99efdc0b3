import { afterThrottled, TYPING_EVERY_MS, typingDue } from './typing';

describe('typingDue: keystrokes → at most one request per 20 s', () => {
  it.each<[string, number | null, number, boolean]>([
    ['the first keystroke', null, 0, true],
    ['a keystroke a moment later', 0, 150, false],
    ['just under 20 s on', 0, TYPING_EVERY_MS - 1, false],
    ['20 s on', 0, TYPING_EVERY_MS, true],
    ['a clock that went back', 10_000, 5_000, true],
  ])('%s', (_, last, now, expected) => {
    expect(typingDue(last, now)).toBe(expected);
  });

  it('a minute of typing, a keystroke every 100 ms, asks three times', () => {
    let last: number | null = null;
    let asked = 0;
    for (let t = 0; t < 60_000; t += 100) {
      if (typingDue(last, t)) {
        asked += 1;
        last = t;
      }
    }
    expect(asked).toBe(3);
  });
});

it('refused as throttled (another tab asked first), it asks again a second on, not 20 s on', () => {
  const last = afterThrottled(50_000);
  expect(typingDue(last, 50_500)).toBe(false);
  expect(typingDue(last, 51_000)).toBe(true);
});
