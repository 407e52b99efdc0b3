import { Deadlines } from './deadlines.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
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
    const slow = deadlines.within(later(1_000, 'late'));
    await sleep(50);
    const younger = deadlines.within(later(80, 'in time'));
    await expect(slow).rejects.toThrow('not stored within 100 ms');
    expect(Date.now() - started).toBeGreaterThanOrEqual(100);
    expect(Date.now() - started).toBeLessThan(300);
    await expect(younger).resolves.toBe('in time');
  });

  it('watches nothing once everything settled (its timer stops)', async () => {
    const deadlines = new Deadlines(50, 'not stored', 5);
    await Promise.all(Array.from({ length: 2_000 }, (_, i) => deadlines.within(later(i % 20, i))));
    await sleep(20);
    expect(deadlines.watching).toBe(0);
  });
});
