import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { REQUEST_RATE_LUA, requestRateArgs } from '@sendbook/queue';
import type { RedisClient } from '../../infra/redis-clients.js';
import { Clock } from '../../common/clock.js';
import { JsonLogger } from '../../common/logging/json-logger.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';
import { REDIS } from '../../infra/redis.module.js';

type RateScript = (key: string, nowMs: number, intervalMs: number, toleranceMs: number) => Promise<[number, number]>;

/**
 * A key's `rate_per_minute`, counted in Redis so every API instance shares one allowance
 * (`takeRequest`, as REQUEST_RATE_LUA). When Redis cannot answer, the request goes through: a
 * limit we cannot count must not stop an order system's sends (the log says so).
 */
@Injectable()
export class ApiKeyRateLimiter implements OnModuleInit {
  private readonly prefix: string;

  constructor(
    @Inject(REDIS) private readonly redis: RedisClient,
    private readonly clock: Clock,
    private readonly logger: JsonLogger,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.prefix = `${config.redisPrefix}:rate:api-key:`;
  }

  onModuleInit(): void {
    this.redis.defineCommand('sendbookRequestRate', { numberOfKeys: 1, lua: REQUEST_RATE_LUA });
  }

  async admit(apiKeyId: string, perMinute: number): Promise<{ ok: true } | { ok: false; retryAfterMs: number }> {
    try {
      const script = (this.redis as unknown as { sendbookRequestRate: RateScript }).sendbookRequestRate.bind(this.redis);
      const [allowed, retryAfterMs] = await script(this.prefix + apiKeyId, ...requestRateArgs(this.clock.now().getTime(), perMinute));
      return allowed === 1 ? { ok: true } : { ok: false, retryAfterMs: Number(retryAfterMs) };
    } catch (error) {
      this.logger.event('warn', 'api_key.rate_unchecked', {
        api_key_id: apiKeyId,
        error: String(error),
        note: 'Redis did not answer: the request goes through',
      });
      return { ok: true };
    }
  }
}
