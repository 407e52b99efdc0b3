import { GroupCommitter } from './group-commit.js';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('GroupCommitter', () => {
  it('items submitted together share one write and each gets its own result', async () => {
    const batches: number[][] = [];
    const committer = new GroupCommitter<number, string>(async (items) => {
      batches.push([...items]);
      return items.map((i) => `id-${i}`);
    }, { maxItems: 100, windowMs: 0, maxInFlight: 2 });
    const results = await Promise.all([1, 2, 3, 4].map((i) => committer.submit(i)));
    expect(results).toEqual(['id-1', 'id-2', 'id-3', 'id-4']);
    expect(batches).toEqual([[1, 2, 3, 4]]);
  });

  it('splits at maxItems', async () => {
    const batches: number[][] = [];
    const committer = new GroupCommitter<number, number>(async (items) => {
      batches.push([...items]);
      return items;
    }, { maxItems: 3, windowMs: 5, maxInFlight: 4 });
    await Promise.all([1, 2, 3, 4, 5, 6, 7].map((i) => committer.submit(i)));
    expect(batches).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
  });

  it('no promise settles before its write has finished; items arriving meanwhile batch up behind the in-flight limit', async () => {
    const gates: ReturnType<typeof deferred<void>>[] = [];
    const batches: number[][] = [];
    const committer = new GroupCommitter<number, number>(async (items) => {
      batches.push([...items]);
      const gate = deferred<void>();
      gates.push(gate);
      await gate.promise;
      return items;
    }, { maxItems: 100, windowMs: 0, maxInFlight: 1 });
    const settled: number[] = [];
    const first = committer.submit(1).then((r) => settled.push(r));
    await new Promise((resolve) => setTimeout(resolve, 5));
    const rest = [2, 3, 4].map((i) => committer.submit(i).then((r) => settled.push(r)));
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(settled).toEqual([]);
    expect(committer.waiting).toBe(3);
    gates[0]!.resolve();
    await first;
    expect(settled).toEqual([1]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    gates[1]!.resolve();
    await Promise.all(rest);
    expect(batches).toEqual([[1], [2, 3, 4]]);
  });

  it('a failed write rejects every item of that batch, and only those', async () => {
    let calls = 0;
    const committer = new GroupCommitter<number, number>(async (items) => {
      calls += 1;
      if (calls === 1) throw new Error('connection refused');
      return items;
    }, { maxItems: 2, windowMs: 0, maxInFlight: 4 });
    const outcomes = await Promise.allSettled([1, 2, 3].map((i) => committer.submit(i)));
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected', 'fulfilled']);
  });

  it('a write that returns the wrong number of results rejects the batch', async () => {
    const committer = new GroupCommitter<number, number>(async () => [1], { maxItems: 10, windowMs: 0, maxInFlight: 1 });
    await expect(Promise.all([committer.submit(1), committer.submit(2)])).rejects.toThrow(/2 items/);
  });

  it('drain waits for everything submitted', async () => {
    const written: number[] = [];
    const committer = new GroupCommitter<number, number>(async (items) => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      written.push(...items);
      return items;
    }, { maxItems: 2, windowMs: 50, maxInFlight: 1 });
    for (const i of [1, 2, 3]) void committer.submit(i);
    await committer.drain();
    expect(written).toEqual([1, 2, 3]);
  });
});
