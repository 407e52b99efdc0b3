/**
 * Per business number throughput (default 80 messages/s): a sliding one-second window over the
 * times of accepted sends. Over the cap Meta answers 130429.
 */
export class ThroughputLimiter {
  private readonly windows = new Map<string, number[]>();

  allows(phoneNumberId: string, mps: number, now: number): boolean {
    return this.recent(phoneNumberId, now).length < mps;
  }

  record(phoneNumberId: string, now: number): void {
    this.recent(phoneNumberId, now).push(now);
  }

  reset(): void {
    this.windows.clear();
  }

  private recent(phoneNumberId: string, now: number): number[] {
    const times = this.windows.get(phoneNumberId) ?? [];
    // Keep sends in (now - 1 s, now]; a clock moved backwards keeps nothing newer than now.
    const kept = times.filter((t) => t > now - 1000 && t <= now);
    this.windows.set(phoneNumberId, kept);
    return kept;
  }
}
