/**
 * The one place that reads the environment. Everything else receives a typed, frozen AppConfig.
 * Validation collects every problem so an operator fixes them all in one restart.
 */
export type Role = 'api' | 'worker' | 'all';

export interface AppConfig {
  readonly role: Role;
  readonly port: number;
  readonly databaseUrl: string;
  readonly redisUrl: string;
  /** Prefix for every Redis key (BullMQ queues, buckets, pub/sub), so runs can share one Redis. */
  readonly redisPrefix: string;
  readonly logLevel: LogLevel;
  readonly whatsapp: {
    readonly graphUrl: string;
    readonly apiVersion: string;
    readonly accessToken: string;
    readonly appSecrets: readonly string[];
    readonly verifyToken: string;
    readonly phoneNumberId: string;
    readonly businessAccountId: string | null;
  };
  readonly outbox: {
    /** Attempts before a retryable rejection becomes `failed`. */
    readonly maxAttempts: number;
    /** A row in `sending` longer than this is a work item (a possible duplicate). */
    readonly stuckAfterMs: number;
    readonly dedupeWindowDefaultMs: number;
    readonly dedupeWindows: Readonly<Record<string, number>>;
    readonly sendConcurrency: number;
    readonly sweepIntervalMs: number;
    readonly graphTimeoutMs: number;
    readonly retryBaseMs: number;
    readonly retryMaxMs: number;
  };
  readonly bootstrap: {
    readonly apiKey: string | null;
    readonly adminEmail: string | null;
    readonly adminPassword: string | null;
  };
}

/** What the environment says, before `DATABASE_URL`/`REDIS_URL` defaults are resolved. */
export type EnvConfig = Omit<AppConfig, 'databaseUrl' | 'redisUrl'> & {
  readonly databaseUrl: string | null;
  readonly redisUrl: string | null;
};

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

export type Env = Readonly<Record<string, string | undefined>>;

export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration: ${problems.join('; ')}`);
    this.name = 'ConfigError';
  }
}
