import { takeToken, type TokenBucketState } from '@sendbook/queue';
import { Semaphore } from '../../common/batching/semaphore.js';

export interface SignInGateOptions {
  /** Password checks (Argon2id, ~30 ms of a core and 19 MiB each) running at once in this process. */
  readonly hashes: number;
  /** Sign-ins waiting for a check; one more is refused at once. */
  readonly queue: number;
  /** Sign-ins one address may start per second, after a burst of `perAddressBurst`. */
  readonly perAddressPerSecond: number;
  readonly perAddressBurst: number;
}

/** Addresses remembered at most; past it the least recently seen are forgotten. */
const MAX_ADDRESSES = 10_000;

/**
 * In front of every sign-in, before any database work: a flood of guesses must cost neither pool
 * connections (webhook acks share the pool) nor the CPU and memory of unbounded password hashing.
 * Per address, an in-memory token bucket (the sending policy's `takeToken`) in this process; and
 * at most `hashes` checks at once with `queue` waiting. Refusals are answered at once (429); the
 * database's throttle (login-throttle.ts) still counts what gets through, across processes.
 */
export class SignInGate {
  private readonly buckets = new Map<string, TokenBucketState>();
  private readonly checks: Semaphore;

  constructor(
    private readonly options: SignInGateOptions,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.checks = new Semaphore(options.hashes);
  }

  /** Whether this address may start a sign-in now; when not, how long until it may. */
  admit(ip: string): { ok: true } | { ok: false; retryAfterMs: number } {
    const now = this.now();
    const taken = takeToken(this.buckets.get(ip) ?? null, now, { ratePerSec: this.options.perAddressPerSecond, burst: this.options.perAddressBurst });
    // Most recently seen last, so the oldest are the first to go.
    this.buckets.delete(ip);
    this.buckets.set(ip, taken.state);
    if (this.buckets.size > MAX_ADDRESSES) this.buckets.delete(this.buckets.keys().next().value!);
    return taken.granted ? { ok: true } : { ok: false, retryAfterMs: Math.max(1, taken.nextAt.getTime() - now.getTime()) };
  }

  /** Runs a password check in a slot, or answers `busy` at once when too many already wait. */
  async check<T>(work: () => Promise<T>): Promise<T | 'busy'> {
    if (!this.checks.free && this.checks.queued >= this.options.queue) return 'busy';
    return this.checks.run(work);
  }
}
