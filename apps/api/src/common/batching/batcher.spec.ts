import { Batcher } from './batcher.js';

/** A flush the test releases by hand, recording each batch it was given. */
function manualFlush<I, R>(answer: (items: readonly I[]) => readonly R[]) {
  const batches: I[][] = [];
  const gates: (() => void)[] = [];
  const flush = (items: readonly I[]) => {
    batches.push([...items]);
    return new Promise<readonly R[]>((resolve, reject) => {
      gates.push(() => {
        try {
          resolve(answer(items));
        } catch (error) {
          reject(error);
        }
      });
    });
  };
  const releaseAll = () => gates.splice(0).forEach((open) => open());
  return { flush, batches, releaseAll };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('Batcher', () => {
  it('gathers calls made at the same moment into one flush and answers each caller', async () => {
    const calls: number[][] = [];
    const batcher = new Batcher<number, number>(async (items) => {
      calls.push([...items]);
      return items.map((n) => n * 10);
    });
    expect(await Promise.all([1, 2, 3].map((n) => batcher.add(n)))).toEqual([10, 20, 30]);
    expect(calls).toEqual([[1, 2, 3]]);
  });

  it('gathers calls made while flushes are in flight into the next one (at most maxInFlight at once)', async () => {
    const m = manualFlush<number, number>((items) => items.map((n) => -n));
    const batcher = new Batcher(m.flush, { maxInFlight: 1 });
    const first = batcher.add(1);
    await tick();
    const later = [batcher.add(2), batcher.add(3)];
    await tick();
    expect(m.batches).toEqual([[1]]);
    m.releaseAll();
    expect(await first).toBe(-1);
    await tick();
    await tick();
    expect(m.batches).toEqual([[1], [2, 3]]);
    m.releaseAll();
    expect(await Promise.all(later)).toEqual([-2, -3]);
  });

  it('splits at maxBatch', async () => {
    const calls: number[][] = [];
    const batcher = new Batcher<number, number>(
      async (items) => {
        calls.push([...items]);
        return [...items];
      },
      { maxBatch: 2, maxInFlight: 4 },
    );
    await Promise.all([1, 2, 3, 4, 5].map((n) => batcher.add(n)));
    expect(calls).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('retries a failed batch item by item, so only the bad item fails', async () => {
    const batcher = new Batcher<number, string>(async (items) => {
      if (items.includes(13)) throw new Error('unlucky');
      return items.map(String);
    });
    const results = await Promise.allSettled([1, 13, 2].map((n) => batcher.add(n)));
    expect(results).toEqual([
      { status: 'fulfilled', value: '1' },
      { status: 'rejected', reason: new Error('unlucky') },
      { status: 'fulfilled', value: '2' },
    ]);
  });

  it('fails the whole batch at once when retryEachOn says the error is not about an item (an outage, a time-out)', async () => {
    let flushes = 0;
    const batcher = new Batcher<number, string>(
      async () => {
        flushes += 1;
        throw new Error('Query read timeout');
      },
      { retryEachOn: (error) => !(error instanceof Error && /timeout/.test(error.message)) },
    );
    const results = await Promise.allSettled([1, 2, 3].map((n) => batcher.add(n)));
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(flushes).toBe(1);
  });

  it('rejects every caller when the flush answers the wrong number of results', async () => {
    const batcher = new Batcher<number, number>(async () => [1]);
    const results = await Promise.allSettled([batcher.add(1), batcher.add(2)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
  });

  it('keeps going after a failure', async () => {
    let fail = true;
    const batcher = new Batcher<number, number>(async (items) => {
      if (fail) throw new Error('down');
      return [...items];
    });
    await expect(batcher.add(1)).rejects.toThrow('down');
    fail = false;
    expect(await batcher.add(2)).toBe(2);
  });

  it('drain waits for everything added, across several flushes', async () => {
    const written: number[] = [];
    const batcher = new Batcher<number, number>(
      async (items) => {
        await new Promise((resolve) => setTimeout(resolve, 10));
        written.push(...items);
        return items;
      },
      { maxBatch: 2, maxInFlight: 1 },
    );
    for (const i of [1, 2, 3]) void batcher.add(i);
    await batcher.drain();
    expect(written).toEqual([1, 2, 3]);
  });
});
