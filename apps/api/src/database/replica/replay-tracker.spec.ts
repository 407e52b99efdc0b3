import { ReplayTracker } from './replay-tracker.js';

/** A replica whose replay position the test sets, and a clock the sleeps move. */
function setup(waitMs = 100, pollMs = 10) {
  const replica = { at: 0n as bigint | null, looks: 0, fail: false };
  let now = 0;
  const tracker = new ReplayTracker(
    async () => {
      replica.looks++;
      if (replica.fail) throw new Error('connection refused');
      return replica.at;
    },
    {
      waitMs,
      pollMs,
      now: () => now,
      sleep: async (ms) => {
        now += ms;
        onSleep?.(now);
      },
    },
  );
  let onSleep: ((now: number) => void) | undefined;
  return { replica, tracker, clock: () => now, whileWaiting: (fn: (now: number) => void) => (onSleep = fn) };
}

describe('ReplayTracker', () => {
  it('a position already replayed needs no look', async () => {
    const { replica, tracker } = setup();
    replica.at = 500n;
    expect(await tracker.reached(400n)).toBe(true);
    expect(replica.looks).toBe(1);
    expect(await tracker.reached(500n)).toBe(true);
    expect(await tracker.reached(10n)).toBe(true);
    expect(replica.looks).toBe(1);
  });

  it('waits, looking every poll, for a replica a little behind', async () => {
    const { replica, tracker, clock, whileWaiting } = setup(100, 10);
    replica.at = 100n;
    whileWaiting((now) => {
      if (now >= 30) replica.at = 200n;
    });
    expect(await tracker.reached(200n)).toBe(true);
    expect(clock()).toBe(30);
    expect(replica.looks).toBe(4);
  });

  it('gives up after the wait; then reads do not wait again until the replica passes what ran out', async () => {
    const { replica, tracker, clock, whileWaiting } = setup(100, 10);
    replica.at = 100n;
    expect(await tracker.reached(200n)).toBe(false);
    expect(clock()).toBe(100);
    // Lagging: one look each, no wait, for this position and any other ahead of the replica.
    const looks = replica.looks;
    expect(await tracker.reached(200n)).toBe(false);
    expect(await tracker.reached(150n)).toBe(false);
    expect(clock()).toBe(100);
    expect(replica.looks).toBe(looks + 2);
    // Positions the replica has reached are still served by it meanwhile.
    replica.at = 160n;
    expect(await tracker.reached(150n)).toBe(true);
    // Once past the position that ran out, a read a little ahead waits again.
    replica.at = 200n;
    whileWaiting((now) => {
      if (now >= 120) replica.at = 300n;
    });
    expect(await tracker.reached(300n)).toBe(true);
    expect(clock()).toBe(120);
  });

  it('a replica that is no standby (NULL replay position) never counts as caught up', async () => {
    const { replica, tracker } = setup(20, 10);
    replica.at = null;
    expect(await tracker.reached(1n)).toBe(false);
  });

  it('reads asking at the same moment share one look', async () => {
    const { replica, tracker } = setup();
    replica.at = 50n;
    expect(await Promise.all([tracker.reached(10n), tracker.reached(20n), tracker.reached(30n)])).toEqual([true, true, true]);
    expect(replica.looks).toBe(1);
  });

  it('a failing look throws (the caller takes the primary), and forget() starts afresh', async () => {
    const { replica, tracker } = setup();
    replica.at = 500n;
    await tracker.reached(500n);
    replica.fail = true;
    await expect(tracker.reached(600n)).rejects.toThrow('connection refused');
    tracker.forget();
    expect(tracker.seen).toBe(-1n);
    replica.fail = false;
    replica.at = 100n;
    expect(await tracker.reached(500n)).toBe(false);
  });
});
