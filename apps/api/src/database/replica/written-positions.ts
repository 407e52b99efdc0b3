import { Inject, Injectable } from '@nestjs/common';
import type { RedisClient } from '../../infra/redis-clients.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';
import { REDIS } from '../../infra/redis.module.js';
import { walPositionFromKey, walPositionKey, type WalPosition } from './wal-position.js';

/** Keeps the larger of the stored and the given key (equal-width hex: text order is position order), and the time to live. */
const KEEP_LARGER = `
local current = redis.call('GET', KEYS[1])
if (not current) or current < ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
else
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return 1`;

/** A Redis answer slower than this is no answer: the read takes the primary rather than wait. */
const REDIS_WAIT_MS = 250;

/**
 * Each person's (staff member's or API key's) last write, as the primary's WAL position right after
 * it, kept in Redis for DATABASE_READ_YOUR_WRITES_MS so that every API instance, not only the one
 * that took the write, makes that person's next reads wait for it. One key per person, the larger
 * position kept when two writes race.
 */
@Injectable()
export class WrittenPositions {
  constructor(
    @Inject(REDIS) private readonly redis: RedisClient,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async remember(actor: string, position: WalPosition): Promise<void> {
    await within(this.redis.eval(KEEP_LARGER, 1, this.key(actor), walPositionKey(position), String(this.config.databaseRead.rememberMs)));
  }

  /** The person's last write position still remembered; null: none. Throws when Redis cannot say. */
  async of(actor: string): Promise<WalPosition | null> {
    return walPositionFromKey(await within(this.redis.get(this.key(actor))));
  }

  private key(actor: string): string {
    return `${this.config.redisPrefix}:read-your-writes:${actor}`;
  }
}

function within<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Redis did not answer within ${REDIS_WAIT_MS} ms`)), REDIS_WAIT_MS);
  });
  work.catch(() => undefined);
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
