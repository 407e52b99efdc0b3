/**
 * One message per `intervalMs` from a business number to the same user (Meta: every 6 s, bursts up
 * to 45 borrowed from future quota): a token bucket per pair. Over it Meta answers 131056.
 */
interface Bucket {
  tokens: number;
  updatedAt: number;
}

export class PairLimiter {
  private readonly buckets = new Map<string, Bucket>();

  allows(phoneNumberId: string, waId: string, now: number, intervalMs: number, burst: number): boolean {
    return this.refill(phoneNumberId, waId, now, intervalMs, burst).tokens >= 1;
  }

  record(phoneNumberId: string, waId: string, now: number, intervalMs: number, burst: number): void {
    this.refill(phoneNumberId, waId, now, intervalMs, burst).tokens -= 1;
  }

  reset(): void {
    this.buckets.clear();
  }

  private refill(phoneNumberId: string, waId: string, now: number, intervalMs: number, burst: number): Bucket {
    const key = `${phoneNumberId}:${waId}`;
    const bucket = this.buckets.get(key) ?? { tokens: burst, updatedAt: now };
    const earned = intervalMs > 0 ? Math.max(0, now - bucket.updatedAt) / intervalMs : Infinity;
    bucket.tokens = Math.min(burst, bucket.tokens + earned);
    bucket.updatedAt = now;
    this.buckets.set(key, bucket);
    return bucket;
  }
}
