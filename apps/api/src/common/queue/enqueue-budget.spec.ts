import { EnqueueBudget } from './enqueue-budget.js';

const never = () => new Promise<void>(() => undefined);
const settleLater = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe('EnqueueBudget', () => {
  it('a quick add is added', async () => {
    await expect(new EnqueueBudget(10).run(1, async () => undefined, 250)).resolves.toBe('added');
  });

  it('a failed add is deferred, not thrown', async () => {
    await expect(new EnqueueBudget(10).run(1, () => Promise.reject(new Error('Connection is closed.')), 250)).resolves.toBe('deferred');
  });

  it('an add that hangs releases its caller at the deadline', async () => {
    const started = performance.now();
    await expect(new EnqueueBudget(10).run(1, never, 30)).resolves.toBe('deferred');
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('rows still waiting on Redis count against the budget until their add settles', async () => {
    const budget = new EnqueueBudget(5);
    const stuck = settleLater();
    await expect(budget.run(4, () => stuck.promise, 10)).resolves.toBe('deferred');
    expect(budget.pending).toBe(4);
    let called = false;
    await expect(
      budget.run(
        2,
        async () => {
          called = true;
        },
        10,
      ),
    ).resolves.toBe('deferred');
    expect(called).toBe(false);
    await expect(budget.run(1, async () => undefined, 10)).resolves.toBe('added');

    stuck.resolve();
    await new Promise((resolve) => setImmediate(resolve));
    expect(budget.pending).toBe(0);
    await expect(budget.run(5, async () => undefined, 10)).resolves.toBe('added');
  });
});
