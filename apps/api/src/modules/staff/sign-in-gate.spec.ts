import { SignInGate } from './sign-in-gate.js';

describe('SignInGate', () => {
  let now = Date.parse('2026-12-04T12:00:00.000Z');
  const gate = () => new SignInGate({ hashes: 2, queue: 3, perAddressPerSecond: 1, perAddressBurst: 5 }, () => new Date(now));

  it('lets an address start a burst, then one a second; other addresses are not affected', () => {
    const g = gate();
    expect(Array.from({ length: 6 }, () => g.admit('198.51.100.1').ok)).toEqual([true, true, true, true, true, false]);
    expect(g.admit('198.51.100.2').ok).toBe(true);
    expect(g.admit('198.51.100.1')).toEqual({ ok: false, retryAfterMs: 1000 });
    now += 1000;
    expect(g.admit('198.51.100.1').ok).toBe(true);
  });

  it('runs at most `hashes` checks at once, queues `queue` more and refuses the next at once', async () => {
    const g = gate();
    const release: Array<() => void> = [];
    const slow = () => new Promise<string>((resolve) => release.push(() => resolve('checked')));
    const running = Array.from({ length: 5 }, () => g.check(slow));
    expect(await g.check(slow)).toBe('busy');
    expect(release).toHaveLength(2);
    while (release.length > 0) release.shift()!();
    await new Promise((resolve) => setTimeout(resolve, 0));
    while (release.length > 0) release.shift()!();
    await new Promise((resolve) => setTimeout(resolve, 0));
    while (release.length > 0) release.shift()!();
    expect(await Promise.all(running)).toEqual(['checked', 'checked', 'checked', 'checked', 'checked']);
  });
});
