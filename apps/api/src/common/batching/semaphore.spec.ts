import { Semaphore } from './semaphore.js';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('Semaphore', () => {
  it('runs at most `limit` at once, the rest in the order they came, a newcomer never ahead of a waiter', async () => {
    const slots = new Semaphore(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const releases: (() => void)[] = [];
    const task = (i: number) =>
      slots.run(async () => {
        started.push(i);
        most = Math.max(most, ++running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running -= 1;
      });
    const all = [0, 1, 2, 3].map(task);
    await tick();
    expect(started).toEqual([0, 1]);
    releases.shift()!();
    // Hands its slot to the waiter (2) before a newcomer (4) can take it.
    const late = task(4);
    await tick();
    expect(started).toEqual([0, 1, 2]);
    while (started.length < 5 || releases.length > 0) {
      releases.shift()?.();
      await tick();
    }
    await Promise.all([...all, late]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(most).toBe(2);
  });

  it('frees the slot of a run that throws', async () => {
    const slots = new Semaphore(1);
    await expect(slots.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(slots.run(async () => 'next')).resolves.toBe('next');
  });
});

describe('Semaphore ranks', () => {
  it('starts the waiter of the lowest rank first, in arrival order within a rank', async () => {
    const slots = new Semaphore(1);
    const started: string[] = [];
    let release!: () => void;
    const hold = slots.run(() => new Promise<void>((resolve) => (release = resolve)));
    const runs = [
      ['low-1', 10],
      ['low-2', 10],
      ['urgent', 1],
      ['mid', 5],
    ].map(([name, rank]) => slots.run(async () => void started.push(name as string), rank as number));
    expect(slots.free).toBe(false);
    expect(slots.queued).toBe(4);
    release();
    await Promise.all([hold, ...runs]);
    expect(started).toEqual(['urgent', 'mid', 'low-1', 'low-2']);
    expect(slots.free).toBe(true);
  });
});
