import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { UploadWatch } from './upload-watch.js';

// The clock is the test's: with real timers a loaded machine ran fewer than the five checks of 50 ms in 400 ms.
beforeEach(() => {
  jest.useFakeTimers();
});
afterEach(() => {
  jest.useRealTimers();
});
const wait = async (ms: number) => jest.advanceTimersByTimeAsync(ms);

describe('UploadWatch', () => {
  it('calls an upload slow once its last window brought under the rate; a steady one is left alone; the timer stops when nothing is watched', async () => {
    const watch = new UploadWatch(1_000, 200, 50);
    let steady = 0;
    const feeding = setInterval(() => (steady += 100), 20);
    const slow: string[] = [];
    const stopSteady = watch.watch(
      () => steady,
      () => slow.push('steady'),
    );
    // A fast start, then nothing: as slow as a trickle once the window has passed.
    const stopStalled = watch.watch(
      () => 5_000,
      () => slow.push('stalled'),
    );
    await wait(400);
    clearInterval(feeding);
    expect(slow).toEqual(['stalled']);
    stopSteady();
    stopStalled();
    expect((watch as unknown as { timer: unknown }).timer).toBeNull();
  });
});
