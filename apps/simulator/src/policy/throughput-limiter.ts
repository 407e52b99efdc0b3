/** Send times of one number, oldest first; those before `head` have left the window. */
interface Window {
  times: number[];
  head: number;
}

/**
 * Per business number throughput (default 80 messages/s): a sliding one-second window over the
 * times of accepted sends. Over the cap Meta answers 130429. Times arrive in order, so leaving the
 * window is a moving index, not a pass over every send of the last second on each request.
 */
export class ThroughputLimiter {
  private readonly windows = new Map<string, Window>();

  allows(phoneNumberId: string, mps: number, now: number): boolean {
    const window = this.recent(phoneNumberId, now);
    return window.times.length - window.head < mps;
  }

  record(phoneNumberId: string, now: number): void {
    this.recent(phoneNumberId, now).times.push(now);
  }

  reset(): void {
    this.windows.clear();
  }

  /** Keeps sends in (now - 1 s, now]; a clock moved backwards keeps nothing newer than now. */
  private recent(phoneNumberId: string, now: number): Window {
    let window = this.windows.get(phoneNumberId);
    if (!window) {
      window = { times: [], head: 0 };
      this.windows.set(phoneNumberId, window);
    }
    const { times } = window;
    while (times.length > window.head && times[times.length - 1]! > now) times.pop();
    while (window.head < times.length && times[window.head]! <= now - 1000) window.head += 1;
    // Drop what has left once it is most of the array, so memory follows the rate, not the run.
    if (window.head > 1024 && window.head * 2 > times.length) {
      times.splice(0, window.head);
      window.head = 0;
    }
    return window;
  }
}
