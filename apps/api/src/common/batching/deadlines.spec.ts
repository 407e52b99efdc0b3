import { Deadlines } from './deadlines.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function waitFor(condition: () => boolean): Promise<void> {
  while (!condition()) await sleep(5);
}
const later = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe('Deadlines', () => {
  it('passes on what settles in time, value or error', async () => {
    const deadlines = new Deadlines(200, 'not stored');
    await expect(deadlines.within(later(10, 'stored'))).resolves.toBe('stored');
    await expect(deadlines.within(Promise.reject(new Error('refused')))).rejects.toThrow('refused');
  });

  it('rejects what is still pending past its deadline, within a tick of it, and leaves the rest alone', async () => {
    const deadlines = new Deadlines(100, 'not stored', 10);
    const started = Date.now();
    const slow = deadlines.within(new Promise<string>(() => undefined));
    await sleep(20);
    // Settles long before its own deadline, however late a busy machine runs the timers.
    const younger = deadlines.within(Promise.resolve('in time'));
    await expect(slow).rejects.toThrow('not stored within 100 ms');
    expect(Date.now() - started).toBeGreaterThanOrEqual(100);
    await expect(younger).resolves.toBe('in time');
  });

  it('watches nothing once everything settled (its timer stops)', async () => {
    // A deadline no busy machine reaches: every promise settles first, and the next sweep forgets them all.
    const deadlines = new Deadlines(60_000, 'not stored', 5);
    await Promise.all(Array.from({ length: 2_000 }, (_, i) => deadlines.within(later(i % 20, i))));
    await waitFor(() => deadlines.watching === 0);
    expect(deadlines.watching).toBe(0);
  });
});
