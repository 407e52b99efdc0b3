import { pushPairSlot, takePairSlot } from './pair-pacing.js';

const T0 = Date.parse('2026-11-30T10:00:00.000Z');
const at = (s: number) => new Date(T0 + s * 1000);

describe('takePairSlot', () => {
  it.each<[string, Date | null, boolean, Date]>([
    ['a free pair grants and shuts for 6 s', null, true, at(6)],
    ['freed exactly now: granted', at(0), true, at(6)],
    ['shut until 4 s from now: come back then', at(4), false, at(4)],
  ])('%s', (_name, freeAt, granted, nextAt) => {
    const result = takePairSlot(freeAt, at(0), 6000);
    expect(result.granted).toBe(granted);
    expect(result.nextAt).toEqual(nextAt);
  });

  it('two takes at the same instant: only one is granted', () => {
    const first = takePairSlot(null, at(0), 6000);
    const second = takePairSlot(first.freeAt, at(0), 6000);
    expect([first.granted, second.granted]).toEqual([true, false]);
    expect(second.nextAt).toEqual(at(6));
  });
});

describe('pushPairSlot', () => {
  it.each<[string, Date | null, number, Date]>([
    ['pushes a free pair', null, 16_000, at(16)],
    ['never earlier than already shut', at(60), 4_000, at(60)],
    ['later than already shut', at(3), 4_000, at(4)],
  ])('%s', (_name, freeAt, delay, pushed) => {
    expect(pushPairSlot(freeAt, at(0), delay)).toEqual(pushed);
  });
});
