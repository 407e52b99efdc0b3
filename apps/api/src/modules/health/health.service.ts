import { Inject, Injectable } from '@nestjs/common';
import type { RedisClient } from '../../infra/redis-clients.js';
import { JsonLogger } from '../../common/logging/json-logger.js';
import { REDIS } from '../../infra/redis.module.js';
import type { CheckFailure } from './check-failure.js';
import { HealthRepository } from './health.repository.js';

export interface Readiness {
  readonly ready: boolean;
  readonly checks: { readonly database: CheckResult; readonly redis: CheckResult };
}

interface CheckResult {
  readonly ok: boolean;
  readonly latency_ms: number;
  readonly error?: CheckFailure;
}

const CHECK_TIMEOUT_MS = 2000;

@Injectable()
export class HealthService {
  constructor(
    private readonly repo: HealthRepository,
    @Inject(REDIS) private readonly redis: RedisClient,
    private readonly logger: JsonLogger,
  ) {}

  async readiness(): Promise<Readiness> {
    const [database, redis] = await Promise.all([
      this.timed('database', () => this.repo.ping()),
      this.timed('redis', async () => {
        if ((await this.redis.ping()) !== 'PONG') throw new Error('unexpected PING answer');
      }),
    ]);
    return { ready: database.ok && redis.ok, checks: { database, redis } };
  }

  private async timed(name: string, check: () => Promise<unknown>): Promise<CheckResult> {
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const timedOut = Symbol('timeout');
    try {
      const result = await Promise.race([
        check(),
        new Promise<typeof timedOut>((resolve) => {
          timer = setTimeout(() => resolve(timedOut), CHECK_TIMEOUT_MS);
        }),
      ]);
      const latency = Math.round(performance.now() - started);
      if (result !== timedOut) return { ok: true, latency_ms: latency };
      this.logger.event('warn', 'health.check_failed', { check: name, error: `no answer within ${CHECK_TIMEOUT_MS} ms` });
      return { ok: false, latency_ms: latency, error: 'timeout' };
    } catch (error) {
      this.logger.event('warn', 'health.check_failed', { check: name, error });
      return { ok: false, latency_ms: Math.round(performance.now() - started), error: 'unreachable' };
    } finally {
      clearTimeout(timer);
    }
  }
}
