import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { ENDPOINT_RATE_LUA, endpointRateArgs, endpointRateKeys, MAX_ENDPOINT_SLOT_HORIZON_MS } from '@sendbook/queue';
import type { RedisClient } from '../../infra/redis-clients.js';
import { Clock } from '../../common/clock.js';
import { JsonLogger } from '../../common/logging/json-logger.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';
import { REDIS } from '../../infra/redis.module.js';

type SlotScript = (next: string, ledger: string, ...args: string[]) => Promise<(number | string)[]>;

/** How often a Redis outage is logged per endpoint while it lasts. */
const UNAVAILABLE_LOG_EVERY_MS = 60_000;

/**
 * An endpoint's `rate_per_second` across every worker: departure slots reserved in Redis
 * (`reserveEndpointSlots`, as ENDPOINT_RATE_LUA), up to one poll interval ahead (at most 1 s), so
 * the worker claims no more deliveries than it has slots and POSTs each at its own. When Redis
 * cannot answer, nothing is let through: the limit is the integrator's protection, and what waits
 * is still owed (pending, no attempt counted), so it goes once Redis is back.
 */
@Injectable()
export class EndpointRateLimiter implements OnModuleInit {
  private readonly prefix: string;
  private readonly horizonMs: number;
  private readonly lastUnavailableLog = new Map<string, number>();

  constructor(
    @Inject(REDIS) private readonly redis: RedisClient,
    private readonly clock: Clock,
    private readonly logger: JsonLogger,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.prefix = `${config.redisPrefix}:rate`;
    this.horizonMs = Math.min(config.integratorEvents.pollIntervalMs, MAX_ENDPOINT_SLOT_HORIZON_MS);
  }

  onModuleInit(): void {
    this.redis.defineCommand('sendbookEndpointSlots', { numberOfKeys: 2, lua: ENDPOINT_RATE_LUA });
  }

  /** Up to `want` departure moments (ms, by the app's clock), the earliest first; none when the rate is spent for now. */
  async reserve(endpointId: string, perSecond: number, want: number): Promise<number[]> {
    const keys = endpointRateKeys(this.prefix, endpointId);
    try {
      const script = (this.redis as unknown as { sendbookEndpointSlots: SlotScript }).sendbookEndpointSlots.bind(this.redis);
      const slots = await script(keys.next, keys.ledger, ...endpointRateArgs(this.clock.now().getTime(), perSecond, want, this.horizonMs));
      return slots.map(Number);
    } catch (error) {
      const now = Date.now();
      if (now - (this.lastUnavailableLog.get(endpointId) ?? 0) >= UNAVAILABLE_LOG_EVERY_MS) {
        this.lastUnavailableLog.set(endpointId, now);
        this.logger.event('warn', 'integrator_event.rate_unchecked', {
          endpoint_id: endpointId,
          error: String(error),
          note: 'Redis did not answer: deliveries to this rate-limited endpoint wait until it does',
        });
      }
      return [];
    }
  }
}
