import { FreshRead } from './fresh-read.js';

/** A read whose answers the test releases one by one; each answers how many reads had started. */
function reads() {
  const pending: (() => void)[] = [];
  let started = 0;
  const fresh = new FreshRead(
    () =>
      new Promise<number>((resolve) => {
        const n = ++started;
        pending.push(() => resolve(n));
      }),
  );
  const settle = async () => {
    pending.shift()!();
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };
  return { fresh, settle, started: () => started };
}

describe('FreshRead', () => {
  it('a caller while a read runs waits for the next read, shared with the others arriving meanwhile', async () => {
    const { fresh, settle, started } = reads();
    const first = fresh.get();
    const later = [fresh.get(), fresh.get(), fresh.get()];
    expect(started()).toBe(1);
    await settle();
    expect(await first).toBe(1);
    expect(started()).toBe(2);
    await settle();
    expect(await Promise.all(later)).toEqual([2, 2, 2]);
    expect(started()).toBe(2);
  });

  it('with none running, a caller starts its own', async () => {
    const { fresh, settle, started } = reads();
    const one = fresh.get();
    await settle();
    await one;
    const two = fresh.get();
    expect(started()).toBe(2);
    await settle();
    expect(await two).toBe(2);
  });

  it('a failed read fails its callers only; the next caller starts again', async () => {
    let calls = 0;
    const fresh = new FreshRead(async () => {
      calls++;
      if (calls === 1) throw new Error('primary away');
      return calls;
    });
    await expect(fresh.get()).rejects.toThrow('primary away');
    expect(await fresh.get()).toBe(2);
  });
});
