import { Clock } from '../../apps/api/src/common/clock.js';

/**
 * A clock that stands still until the test moves it, so every time the app records (audit rows,
 * waits, closes) is exactly where the test put it. AdjustableClock runs on with real time, which
 * would add the test's own few milliseconds to every wait.
 */
export class ManualClock extends Clock {
  constructor(private at: number) {
    super();
  }

  now(): Date {
    return new Date(this.at);
  }

  /** To `ms` after `from` (never backwards). */
  set(ms: number): void {
    if (ms < this.at) throw new Error(`the clock does not go back: ${new Date(ms).toISOString()} < ${new Date(this.at).toISOString()}`);
    this.at = ms;
  }
}
