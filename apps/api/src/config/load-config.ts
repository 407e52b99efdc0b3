import { parseEncryptionKey } from '../common/crypto/secret-box.js';
import {
  parseDedupeWindows,
  parseMessagingLimit,
  parseNumberRates,
  parsePricingRates,
  parseQuietHours,
  parseTimeZone,
  retentionProblems,
  TYPING_INDICATOR_INTERVAL_MS,
} from '@sendbook/queue';
import { firstSeedUrl, parseRedisClusterNodes, type RedisClusterSeeds } from './redis-cluster-nodes.js';
import { ConfigError, type AppConfig, type DatabasePooler, type Env, type EnvConfig, type LogLevel, type Role } from './config.schema.js';

const ROLES: readonly Role[] = ['api', 'worker', 'all'];
/** Shorter keys can be guessed; generated ones are far longer. */
export const MIN_API_KEY_LENGTH = 32;
export const MIN_PASSWORD_LENGTH = 12;
/** Shared secrets an attacker could try to guess (verify token, metrics token, app secret). */
export const MIN_SECRET_LENGTH = 16;
const EMAIL = /^[^\s@]+@[^\s@]+$/;
const LOG_LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error', 'silent'];
const POOLERS: readonly DatabasePooler[] = ['none', 'transaction'];

/**
 * Reads and validates the environment. `DATABASE_URL`/`REDIS_URL` may be unset: their
 * defaults are resolved afterwards (infra/resolve-infra.ts) and joined with `withInfra`.
 */
export function loadConfig(env: Env): EnvConfig {
  const problems: string[] = [];
  const read = new EnvReader(env, problems);
  const inboxPort = read.port('INBOX_PORT', 3000);
  const redisCluster = read.parsed<RedisClusterSeeds | null>('REDIS_CLUSTER_NODES', parseRedisClusterNodes, null);
  const redisUrl = read.optionalUrl('REDIS_URL', ['redis:', 'rediss:']);

  const config: EnvConfig = {
    role: read.oneOf('ROLE', ROLES, 'all'),
    port: read.port('PORT', 3001),
    databaseUrl: read.optionalUrl('DATABASE_URL', ['postgres:', 'postgresql:']),
    databaseListenUrl: read.optionalUrl('DATABASE_LISTEN_URL', ['postgres:', 'postgresql:']),
    databaseRead: {
      url: read.optionalUrl('DATABASE_READ_URL', ['postgres:', 'postgresql:']),
      waitMs: read.int('DATABASE_READ_WAIT_MS', 200, 0, 5_000),
      rememberMs: read.int('DATABASE_READ_YOUR_WRITES_MS', 60_000, 1_000, 3_600_000),
      retryMs: read.int('DATABASE_READ_RETRY_MS', 5_000, 100, 600_000),
    },
    databaseDirectUrl: read.optionalUrl('DATABASE_DIRECT_URL', ['postgres:', 'postgresql:']),
    // A cluster's first seed stands for it where one server is named (the boot's probe, logs).
    redisUrl: redisCluster ? firstSeedUrl(redisCluster) : redisUrl,
    redisCluster,
    redisPrefix: read.optional('REDIS_PREFIX') ?? 'sendbook',
    database: (() => {
      const statementMs = read.int('DATABASE_STATEMENT_TIMEOUT_MS', 15_000, 100, 3_600_000);
      const pooler = read.oneOf('DATABASE_POOLER', POOLERS, 'none');
      const prepared = read.oneOf('DATABASE_PREPARED_STATEMENTS', ['auto', 'on', 'off'], 'auto');
      return {
        statementMs,
        queryMs: read.int('DATABASE_QUERY_TIMEOUT_MS', statementMs + 1_000, 100, 3_600_000),
        pooler,
        namedStatements: prepared === 'auto' ? pooler === 'none' : prepared === 'on',
      };
    })(),
    logLevel: read.oneOf('LOG_LEVEL', LOG_LEVELS, 'info'),
    whatsapp: {
      graphUrl: read.optionalUrl('WHATSAPP_GRAPH_URL', ['http:', 'https:']) ?? 'https://graph.facebook.com',
      apiVersion: read.matching('WHATSAPP_API_VERSION', /^v\d+\.\d+$/, 'like v23.0', 'v23.0'),
      accessToken: read.required('WHATSAPP_ACCESS_TOKEN'),
      appSecrets: read.secretList('WHATSAPP_APP_SECRET', MIN_SECRET_LENGTH),
      verifyToken: read.requiredSecret('WHATSAPP_VERIFY_TOKEN', MIN_SECRET_LENGTH),
      phoneNumberId: read.matching('WHATSAPP_PHONE_NUMBER_ID', /^\d+$/, 'digits only'),
      businessAccountId: read.optional('WHATSAPP_BUSINESS_ACCOUNT_ID'),
      mediaDownloads: read.int('MEDIA_DOWNLOADS_MAX', 8, 1, 256),
      mediaMaxBytes: read.int('MEDIA_MAX_BYTES', 100 * 1024 * 1024, 1024, 2 ** 31),
    },
    presence: { graceMs: read.int('PRESENCE_GRACE_MS', 45_000, 1_000, 3_600_000) },
    media: {
      dir: read.optional('MEDIA_DIR') ?? '.data/media',
      retentionMs: read.int('MEDIA_RETENTION_DAYS', 365, 1, 36_500) * 86_400_000,
      keepConcurrency: read.int('MEDIA_KEEP_CONCURRENCY', 4, 1, 64),
      keepIntervalMs: read.int('MEDIA_KEEP_INTERVAL_MS', 2_000, 100, 3_600_000),
    },
    outbox: {
      maxAttempts: read.int('OUTBOX_MAX_ATTEMPTS', 8, 1, 100),
      maxPrepareFailures: read.int('OUTBOX_MAX_PREPARE_FAILURES', 5, 1, 100),
      stuckAfterMs: read.int('STUCK_SENDING_AFTER_MS', 60_000, 1_000, 86_400_000),
      dedupeWindowDefaultMs: read.int('DEDUPE_WINDOW_DEFAULT_DAYS', 90, 1, 3650) * 86_400_000,
      dedupeWindows: read.dedupeWindows('DEDUPE_WINDOWS'),
      retention: read.dedupeWindows('OUTBOUND_RETENTION'),
      sendConcurrency: read.int('SEND_CONCURRENCY', 32, 1, 1000),
      sweepIntervalMs: read.int('SWEEP_INTERVAL_MS', 5_000, 100, 3_600_000),
      expireIntervalMs: read.int('EXPIRE_INTERVAL_MS', 1_000, 100, 60_000),
      promoteOverdueAfterMs: read.int('PROMOTE_OVERDUE_AFTER_MS', 60_000, 0, 86_400_000),
      graphTimeoutMs: read.int('GRAPH_TIMEOUT_MS', 15_000, 100, 120_000),
      retryBaseMs: read.int('RETRY_BASE_MS', 1_000, 1, 3_600_000),
      retryMaxMs: read.int('RETRY_MAX_MS', 900_000, 1, 86_400_000),
    },
    enqueue: {
      timeoutMs: read.int('ENQUEUE_TIMEOUT_MS', 250, 10, 60_000),
      maxPending: read.int('ENQUEUE_MAX_PENDING', 10_000, 1, 1_000_000),
    },
    webhooks: {
      bodyLimitBytes: read.int('WEBHOOK_BODY_LIMIT_BYTES', 4 * 1024 * 1024, 64 * 1024, 64 * 1024 * 1024),
      maxInFlightBytes: read.int('WEBHOOK_MAX_IN_FLIGHT_BYTES', 64 * 1024 * 1024, 64 * 1024, 4 * 1024 * 1024 * 1024),
      maxInFlightShare: read.int('WEBHOOK_MAX_IN_FLIGHT_PERCENT_PER_ADDRESS', 25, 1, 100) / 100,
      minUploadBytesPerSecond: read.int('WEBHOOK_MIN_UPLOAD_BYTES_PER_SECOND', 16 * 1024, 1, 1024 * 1024 * 1024),
      ackTimeoutMs: read.int('WEBHOOK_ACK_TIMEOUT_MS', 5_000, 100, 60_000),
      batchMaxRows: read.int('WEBHOOK_BATCH_MAX_ROWS', 200, 1, 5000),
      // One INSERT at a time: the requests that arrive meanwhile make the next, bigger batch. Under
      // 50 connections that halves the commits and beat 2 or 4 in flight on throughput and p99.
      batchMaxInFlight: read.int('WEBHOOK_BATCH_MAX_IN_FLIGHT', 1, 1, 64),
      concurrency: read.int('WEBHOOK_CONCURRENCY', 4, 1, 256),
      maxAttempts: read.int('WEBHOOK_MAX_ATTEMPTS', 8, 1, 100),
      leaseMs: read.int('WEBHOOK_LEASE_MS', 60_000, 500, 3_600_000),
      sweepIntervalMs: read.int('WEBHOOK_SWEEP_INTERVAL_MS', 5_000, 100, 3_600_000),
      keyRetentionMs: read.int('WEBHOOK_KEY_RETENTION_DAYS', 8, 8, 3650) * 86_400_000,
      bodyRetentionDays: read.int('WEBHOOK_BODY_RETENTION_DAYS', 30, 8, 3650),
      statusRetentionDays: read.int('STATUS_EVENT_RETENTION_DAYS', 400, 8, 36500),
      partitionIntervalMs: read.int('WEBHOOK_PARTITION_INTERVAL_MS', 600_000, 1_000, 86_400_000),
      parkedRetryMs: read.int('WEBHOOK_PARKED_RETRY_MS', 10_000, 100, 3_600_000),
      foreignAfterMs: read.int('WEBHOOK_FOREIGN_AFTER_MS', 3_600_000, 1_000, 30 * 86_400_000),
    },
    conversations: {
      replyPurposes: (read.optional('CONVERSATION_REPLY_PURPOSES') ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
      awaitingAnswerMs: read.int('CONVERSATION_AWAITING_ANSWER_MS', 86_400_000, 60_000, 7 * 86_400_000),
      markReadOnOpen: read.oneOf('MARK_READ_ON_OPEN', ['true', 'false'], 'false') === 'true',
      markReadOnReply: read.oneOf('MARK_READ_ON_REPLY', ['true', 'false'], 'true') === 'true',
      typingIntervalMs: read.int('TYPING_INDICATOR_INTERVAL_MS', TYPING_INDICATOR_INTERVAL_MS, 1_000, 25_000),
      snoozeWakeIntervalMs: read.int('SNOOZE_WAKE_INTERVAL_MS', 30_000, 100, 3_600_000),
      teamWorkIntervalMs: read.int('TEAM_WORK_INTERVAL_MS', 1_000, 100, 60_000),
    },
    metrics: {
      sampleIntervalMs: read.int('METRICS_SAMPLE_INTERVAL_MS', 60_000, 1_000, 3_600_000),
      flushIntervalMs: read.int('METRICS_FLUSH_INTERVAL_MS', 5_000, 100, 60_000),
      retentionMs: read.int('METRICS_RETENTION_DAYS', 14, 1, 3650) * 86_400_000,
      purgeIntervalMs: read.int('METRICS_PURGE_INTERVAL_MS', 3_600_000, 1_000, 86_400_000),
      windowMs: read.int('METRICS_WINDOW_MS', 300_000, 60_000, 86_400_000),
      bearerToken: read.secret('METRICS_BEARER_TOKEN', MIN_SECRET_LENGTH),
      requireToken: read.optional('NODE_ENV') === 'production',
      scrapeCacheMs: read.int('METRICS_SCRAPE_CACHE_MS', 1_000, 0, 60_000),
      alerts: {
        stuckForMs: read.int('ALERT_STUCK_SENDING_FOR_MS', 300_000, 0, 86_400_000),
        duplicateWindowMs: read.int('ALERT_DUPLICATE_WINDOW_MS', 900_000, 60_000, 86_400_000),
        duplicateBaselineMs: read.int('ALERT_DUPLICATE_BASELINE_MS', 86_400_000, 60_000, 30 * 86_400_000),
        duplicateFactor: read.number('ALERT_DUPLICATE_FACTOR', 3, 1, 1000),
        duplicateFloor: read.number('ALERT_DUPLICATE_FLOOR', 0.05, 0, 1),
        duplicateMinEvents: read.int('ALERT_DUPLICATE_MIN_EVENTS', 20, 1, 1_000_000),
        deliveryP95MaxMs: read.int('ALERT_DELIVERY_P95_MAX_MS', 300_000, 1_000, 7 * 86_400_000),
        deliveryWindowMs: read.int('ALERT_DELIVERY_WINDOW_MS', 900_000, 60_000, 86_400_000),
        deliveryMinSamples: read.int('ALERT_DELIVERY_MIN_SAMPLES', 5, 1, 1_000_000),
      },
    },
    templates: {
      syncIntervalMs: read.int('TEMPLATE_SYNC_INTERVAL_MS', 3_600_000, 1_000, 7 * 86_400_000),
      syncPageSize: read.int('TEMPLATE_SYNC_PAGE_SIZE', 100, 1, 1000),
    },
    numbers: {
      profileSyncIntervalMs: read.int('NUMBER_PROFILE_SYNC_INTERVAL_MS', 3_600_000, 1_000, 7 * 86_400_000),
    },
    policy: {
      ratePerSecond: read.number('SEND_RATE_PER_SECOND', 80, 0.01, 10_000),
      numberRates: read.parsed('NUMBER_RATES', parseNumberRates, {}),
      rateHeadroom: read.int('SEND_RATE_HEADROOM_PERCENT', 10, 0, 90) / 100,
      departureMarginMs: read.int('SEND_DEPARTURE_MARGIN_MS', 60, 0, 1_000),
      pairIntervalMs: read.int('PAIR_INTERVAL_MS', 6_000, 1, 86_400_000),
      pairMarginMs: read.int('PAIR_MARGIN_MS', 500, 0, 60_000),
      quietHours: read.parsed('QUIET_HOURS', parseQuietHours, {}),
      defaultTimeZone: read.parsed('DEFAULT_TIME_ZONE', parseTimeZone, 'UTC') ?? 'UTC',
      tierScope: read.oneOf('MESSAGING_LIMIT_SCOPE', ['portfolio', 'number'], 'portfolio'),
      portfolioId: read.optional('BUSINESS_PORTFOLIO_ID') ?? 'default',
      messagingLimit: read.parsed('MESSAGING_LIMIT', parseMessagingLimit, 250) ?? 250,
    },
    pricing: { rates: read.parsed('PRICING_RATES', parsePricingRates, null) },
    events: {
      maxStreams: read.int('EVENTS_MAX_STREAMS', 1_000, 1, 100_000),
      maxStreamsPerPrincipal: read.int('EVENTS_MAX_STREAMS_PER_PRINCIPAL', 20, 1, 100_000),
      slowReaderBytes: read.int('EVENTS_SLOW_READER_BYTES', 1024 * 1024, 16 * 1024, 256 * 1024 * 1024),
      readerIdleMs: read.int('EVENTS_READER_IDLE_MS', 30_000, 0, 3_600_000),
    },
    integratorEvents: {
      allowPrivate: read.oneOf('EVENT_ENDPOINTS_ALLOW_PRIVATE', ['true', 'false'], 'false') === 'true',
      pollIntervalMs: read.int('EVENT_DELIVERY_POLL_MS', 1_000, 20, 60_000),
      timeoutMs: read.int('EVENT_DELIVERY_TIMEOUT_MS', 10_000, 100, 60_000),
      concurrencyPerEndpoint: read.int('EVENT_DELIVERY_CONCURRENCY_PER_ENDPOINT', 4, 1, 100),
      retryBaseMs: read.int('EVENT_DELIVERY_RETRY_BASE_MS', 5_000, 1, 3_600_000),
      retryMaxMs: read.int('EVENT_DELIVERY_RETRY_MAX_MS', 6 * 3_600_000, 1, 86_400_000),
      giveUpAfterMs: read.int('EVENT_DELIVERY_GIVE_UP_AFTER_MS', 3 * 86_400_000, 1_000, 30 * 86_400_000),
      disableAfterFailures: read.int('EVENT_ENDPOINT_DISABLE_AFTER_FAILURES', 10, 1, 100_000),
      disableAfterFailingMs: read.int('EVENT_ENDPOINT_DISABLE_AFTER_FAILING_MS', 3 * 86_400_000, 0, 30 * 86_400_000),
      retentionMs: read.int('EVENT_RETENTION_DAYS', 30, 4, 3650) * 86_400_000,
      partitionIntervalMs: read.int('EVENT_PARTITION_INTERVAL_MS', 600_000, 1_000, 86_400_000),
    },
    bootstrap: {
      apiKey: read.secret('BOOTSTRAP_API_KEY', MIN_API_KEY_LENGTH),
      adminEmail: read.matching('BOOTSTRAP_ADMIN_EMAIL', EMAIL, 'an email address', '') || null,
      adminPassword: read.secret('BOOTSTRAP_ADMIN_PASSWORD', MIN_PASSWORD_LENGTH),
    },
    workItems: {
      bulkMax: read.int('WORK_ITEMS_BULK_MAX', 500, 1, 10_000),
    },
    auth: {
      sessionIdleMs: read.int('SESSION_IDLE_MINUTES', 12 * 60, 1, 30 * 24 * 60) * 60_000,
      sessionMaxMs: read.int('SESSION_MAX_HOURS', 7 * 24, 1, 365 * 24) * 3_600_000,
      sessionSweepMs: read.int('SESSION_SWEEP_INTERVAL_MS', 30_000, 100, 30_000),
      cookieSecure: read.oneOf('SESSION_COOKIE_SECURE', ['auto', 'always', 'never'], 'auto'),
      allowedOrigins: read.origins('INBOX_ORIGINS', [`http://localhost:${inboxPort}`, `http://127.0.0.1:${inboxPort}`]),
      inboxUrl: read.optionalUrl('INBOX_URL', ['http:', 'https:']) ?? `http://localhost:${inboxPort}`,
      loginFailuresPerAccount: read.int('LOGIN_FAILURES_PER_ACCOUNT', 5, 1, 1000),
      loginFailuresPerAddress: read.int('LOGIN_FAILURES_PER_ADDRESS', 20, 1, 100_000),
      loginWindowMs: read.int('LOGIN_THROTTLE_WINDOW_MINUTES', 15, 1, 24 * 60) * 60_000,
      loginChecksAtOnce: read.int('LOGIN_CHECKS_AT_ONCE', 4, 1, 256),
      loginChecksQueued: read.int('LOGIN_CHECKS_QUEUED', 64, 0, 100_000),
      loginStartsPerSecond: read.number('LOGIN_STARTS_PER_SECOND', 2, 0.01, 10_000),
      loginStartsBurst: read.int('LOGIN_STARTS_BURST', 30, 1, 100_000),
      trustProxy: read.optional('TRUST_PROXY') ?? 'loopback',
    },
    encryption: {
      key: read.optional('APP_ENCRYPTION_KEY'),
      previous: (read.optional('APP_ENCRYPTION_KEYS_PREVIOUS') ?? '')
        .split(',')
        .map((k) => k.trim())
        .filter(Boolean),
    },
  };
  for (const [name, keys] of [
    ['APP_ENCRYPTION_KEY', [config.encryption.key]],
    ['APP_ENCRYPTION_KEYS_PREVIOUS', config.encryption.previous],
  ] as const) {
    for (const key of keys)
      if (key !== null && parseEncryptionKey(key) === null)
        problems.push(`${name} is malformed (32 bytes in base64, as \`openssl rand -base64 32\` writes them)`);
  }
  if (config.encryption.key === null && read.optional('NODE_ENV') === 'production') {
    problems.push("APP_ENCRYPTION_KEY is missing: stored secrets (event endpoints' signing secrets) are sealed with it (`openssl rand -base64 32`)");
  }
  problems.push(...poolerProblems(config));
  for (const problem of retentionProblems(config.outbox.retention, config.outbox.dedupeWindows, config.outbox.dedupeWindowDefaultMs))
    problems.push(`OUTBOUND_RETENTION is too short (${problem})`);
  if (redisCluster && redisUrl) problems.push('REDIS_URL and REDIS_CLUSTER_NODES both name a Redis: set one (the cluster replaces REDIS_URL)');
  // The cluster layout wraps the prefix in hash tags ({prefix:outbound}): braces of its own would move them.
  if (redisCluster && /[{}]/.test(config.redisPrefix))
    problems.push('REDIS_PREFIX is malformed (no { or } with REDIS_CLUSTER_NODES: Sendbook adds the hash tags)');
  if ((config.bootstrap.adminEmail === null) !== (config.bootstrap.adminPassword === null)) {
    problems.push('BOOTSTRAP_ADMIN_EMAIL and BOOTSTRAP_ADMIN_PASSWORD go together: set both or neither');
  }

  if (problems.length > 0) throw new ConfigError(problems);
  return deepFreeze(config);
}

/** For entry points: the configuration, or one line per problem on stderr and exit code 1. */
export function loadConfigOrExit(env: Env): EnvConfig {
  try {
    return loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    for (const problem of error.problems) process.stderr.write(`config error: ${problem}\n`);
    process.exit(1);
  }
}

export function withInfra(config: EnvConfig, infra: { databaseUrl: string; redisUrl: string }): AppConfig {
  return deepFreeze({ ...config, databaseUrl: infra.databaseUrl, databaseDirectUrl: config.databaseDirectUrl ?? infra.databaseUrl, redisUrl: infra.redisUrl });
}

/**
 * Through a pooler in transaction mode a session lasts one transaction: a session advisory lock
 * or a LISTEN taken through it stays on a server connection other clients then get. Migrations
 * and the workers' LISTEN need PostgreSQL itself, so the pooler's URL and the direct one must both
 * be given, and differ.
 */
function poolerProblems(config: EnvConfig): string[] {
  if (config.database.pooler !== 'transaction') return [];
  const why = 'DATABASE_POOLER=transaction';
  if (config.databaseUrl === null) return [`DATABASE_URL is missing: ${why} says it is the pooler's URL`];
  if (config.databaseDirectUrl === null)
    return [`DATABASE_DIRECT_URL is missing: with ${why}, migrations and the workers' LISTEN need PostgreSQL itself, not the pooler`];
  if (config.databaseDirectUrl === config.databaseUrl)
    return [`DATABASE_DIRECT_URL is malformed (it is DATABASE_URL: with ${why} it must reach PostgreSQL without the pooler)`];
  return [];
}

class EnvReader {
  constructor(
    private readonly env: Env,
    private readonly problems: string[],
  ) {}

  optional(name: string): string | null {
    const value = this.env[name]?.trim();
    return value ? value : null;
  }

  required(name: string): string {
    const value = this.optional(name);
    if (value === null) this.problems.push(`${name} is missing`);
    return value ?? '';
  }

  /** A secret that must be long enough to resist guessing, named when it is not. */
  secret(name: string, minLength: number): string | null {
    const value = this.optional(name);
    if (value !== null && value.length < minLength) this.problems.push(`${name} is too short (at least ${minLength} characters, got ${value.length})`);
    return value;
  }

  /** A required secret, named when missing or too short. */
  requiredSecret(name: string, minLength: number): string {
    const value = this.required(name);
    if (value && value.length < minLength) this.problems.push(`${name} is too short (at least ${minLength} characters, got ${value.length})`);
    return value;
  }

  /** Comma-separated secrets (rotation: new,old), each long enough; named by position when one is not. */
  secretList(name: string, minLength: number): string[] {
    const items = this.list(name);
    items.forEach((item, i) => {
      if (item.length < minLength)
        this.problems.push(`${name} is too short (${items.length > 1 ? `entry ${i + 1}: ` : ''}at least ${minLength} characters, got ${item.length})`);
    });
    return items;
  }

  /** Comma-separated origins (`scheme://host[:port]`), normalised as browsers send them. */
  origins(name: string, fallback: readonly string[]): string[] {
    const raw = this.optional(name);
    if (raw === null) return [...fallback];
    const out: string[] = [];
    for (const item of raw
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      try {
        out.push(new URL(item).origin);
      } catch {
        this.problems.push(`${name} is malformed (${item} is not an origin like https://inbox.example.com)`);
      }
    }
    return out;
  }

  list(name: string): string[] {
    const items = this.required(name)
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (items.length === 0 && this.optional(name) !== null) this.problems.push(`${name} has no value`);
    return items;
  }

  matching(name: string, pattern: RegExp, hint: string, fallback?: string): string {
    const value = fallback === undefined ? this.required(name) : (this.optional(name) ?? fallback);
    if (value && !pattern.test(value)) this.problems.push(`${name} is malformed (expected ${hint})`);
    return value;
  }

  oneOf<T extends string>(name: string, allowed: readonly T[], fallback: T): T {
    const value = this.optional(name) ?? fallback;
    if (!allowed.includes(value as T)) {
      this.problems.push(`${name} is malformed (expected one of ${allowed.join(', ')})`);
      return fallback;
    }
    return value as T;
  }

  int(name: string, fallback: number, min: number, max: number): number {
    const raw = this.optional(name);
    if (raw === null) return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      this.problems.push(`${name} is malformed (expected a whole number from ${min} to ${max})`);
      return fallback;
    }
    return value;
  }

  number(name: string, fallback: number, min: number, max: number): number {
    const raw = this.optional(name);
    if (raw === null) return fallback;
    const value = Number(raw);
    if (!Number.isFinite(value) || value < min || value > max) {
      this.problems.push(`${name} is malformed (expected a number from ${min} to ${max})`);
      return fallback;
    }
    return value;
  }

  /** A setting with its own parser from libs (one problem line per bad entry). */
  parsed<T>(name: string, parse: (spec: string) => { value: T; problems: string[] }, fallback: T): T {
    const raw = this.optional(name);
    if (raw === null) return fallback;
    const { value, problems } = parse(raw);
    for (const problem of problems) this.problems.push(`${name} is malformed (${problem})`);
    return problems.length > 0 ? fallback : value;
  }

  dedupeWindows(name: string): Record<string, number> {
    const { windows, problems } = parseDedupeWindows(this.optional(name) ?? '');
    for (const problem of problems) this.problems.push(`${name} is malformed (${problem})`);
    return windows;
  }

  port(name: string, fallback: number): number {
    const raw = this.optional(name);
    if (raw === null) return fallback;
    const port = Number(raw);
    if (!Number.isInteger(port) || port < 0 || port > 65535) {
      this.problems.push(`${name} is malformed (expected a port number)`);
      return fallback;
    }
    return port;
  }

  optionalUrl(name: string, protocols: readonly string[]): string | null {
    const value = this.optional(name);
    if (value) this.checkUrl(name, value, protocols);
    return value?.replace(/\/+$/, '') ?? null;
  }

  private checkUrl(name: string, value: string, protocols: readonly string[]): void {
    let protocol: string;
    try {
      protocol = new URL(value).protocol;
    } catch {
      this.problems.push(`${name} is malformed (not a URL)`);
      return;
    }
    if (!protocols.includes(protocol)) {
      this.problems.push(`${name} is malformed (expected ${protocols.join(' or ')})`);
    }
  }
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}
