import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { REDIS } from '../../infra/redis.module.js';
import { HealthRepository } from './health.repository.js';

export interface Readiness {
  readonly ready: boolean;
  readonly checks: { readonly database: CheckResult; readonly redis: CheckResult };
}

interface CheckResult {
  readonly ok: boolean;
  readonly latency_ms: number;
  readonly error?: string;
}

@Injectable()
export class HealthService {
  constructor(
    private readonly repo: HealthRepository,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  async readiness(): Promise<Readiness> {
    const [database, redis] = await Promise.all([
      timed(() => this.repo.ping()),
      timed(async () => {
        if ((await this.redis.ping()) !== 'PONG') throw new Error('unexpected PING answer');
      }),
    ]);
    return { ready: database.ok && redis.ok, checks: { database, redis } };
  }
}

async function timed(check: () => Promise<unknown>, timeoutMs = 2000): Promise<CheckResult> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
    return { ok: true, latency_ms: Math.round(performance.now() - started) };
  } catch (error) {
    return { ok: false, latency_ms: Math.round(performance.now() - started), error: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}
