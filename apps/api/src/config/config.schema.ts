import type { MessagingLimit, QuietHoursConfig, RateCard, TierScope } from '@sendbook/queue';
import type { RedisClusterSeeds } from './redis-cluster-nodes.js';

/**
 * The one place that reads the environment. Everything else receives a typed, frozen AppConfig.
 * Validation collects every problem so an operator fixes them all in one restart.
 */
export type Role = 'api' | 'worker' | 'all';

export interface AppConfig {
  readonly role: Role;
  readonly port: number;
  readonly databaseUrl: string;
  /**
   * Where the workers LISTEN for stored webhook deliveries, when `databaseUrl` cannot hold a
   * session (PgBouncer in transaction mode delivers no notifications). Null: `databaseDirectUrl`.
   */
  readonly databaseListenUrl: string | null;
  /**
   * A streaming replica for the people's reads (lists, threads, search, reports, metrics history,
   * exports, campaign lists; database/replica/). `url` null: every read on `databaseUrl`.
   */
  readonly databaseRead: {
    /** DATABASE_READ_URL */
    readonly url: string | null;
    /** DATABASE_READ_WAIT_MS: how long a read waits for the replica to replay its reader's own last write before taking the primary. */
    readonly waitMs: number;
    /** DATABASE_READ_YOUR_WRITES_MS: how long a person's last write position is remembered (in Redis, for every API instance). */
    readonly rememberMs: number;
    /** DATABASE_READ_RETRY_MS: after the replica failed, reads take the primary this long before it is tried again. */
    readonly retryMs: number;
  };
  /**
   * DATABASE_DIRECT_URL: PostgreSQL itself, for what needs a session of its own (migrations and
   * their session lock, the workers' LISTEN and relay lock) when `databaseUrl` goes through a
   * pooler. Resolved: `databaseUrl` when unset.
   */
  readonly databaseDirectUrl: string;
  readonly redisUrl: string;
  /**
   * REDIS_CLUSTER_NODES: a Redis Cluster instead of one server (every client is then an ioredis
   * Cluster, BullMQ's queues hash-tagged); `redisUrl` is then its first seed. Null: `redisUrl`.
   */
  readonly redisCluster: RedisClusterSeeds | null;
  readonly database: {
    /** Time-outs on every pooled query (not migrations): DATABASE_STATEMENT_TIMEOUT_MS, DATABASE_QUERY_TIMEOUT_MS. */
    readonly statementMs: number;
    readonly queryMs: number;
    /** DATABASE_POOLER: what `databaseUrl` goes through; `transaction`: PgBouncer in transaction mode (no session state between transactions). */
    readonly pooler: DatabasePooler;
    /**
     * DATABASE_PREPARED_STATEMENTS (auto, on, off): whether hot statements run as named prepared
     * statements. Auto: yes without a pooler; not through one in transaction mode, which before
     * PgBouncer 1.21 (and without its max_prepared_statements) hands them to the wrong server connection.
     */
    readonly namedStatements: boolean;
  };
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
    /** MEDIA_DOWNLOADS_MAX: customers' media streamed from Meta at once by this process; more wait briefly, then 503. */
    readonly mediaDownloads: number;
    /** MEDIA_MAX_BYTES: a media download stops past this size (Meta's largest, a 100 MiB document). */
    readonly mediaMaxBytes: number;
  };
  readonly outbox: {
    /** Attempts before a retryable rejection becomes `failed`. */
    readonly maxAttempts: number;
    /** OUTBOX_MAX_PREPARE_FAILURES: tries of a row that throws before its claim, before it is `failed` (a work item). */
    readonly maxPrepareFailures: number;
    /** A row in `sending` longer than this is a work item (a possible duplicate). */
    readonly stuckAfterMs: number;
    readonly dedupeWindowDefaultMs: number;
    readonly dedupeWindows: Readonly<Record<string, number>>;
    /** OUTBOUND_RETENTION: per purpose, how long a finished row stays (never under its dedupe window); other purposes' rows stay for good. */
    readonly retention: Readonly<Record<string, number>>;
    readonly sendConcurrency: number;
    readonly sweepIntervalMs: number;
    /** EXPIRE_INTERVAL_MS: how often workers cancel rows past their `expires_at` (default 1 s). */
    readonly expireIntervalMs: number;
    /** A due row whose job is still delayed this long after its not_before has its job brought forward. */
    readonly promoteOverdueAfterMs: number;
    readonly graphTimeoutMs: number;
    readonly retryBaseMs: number;
    readonly retryMaxMs: number;
  };
  /** Job adds to BullMQ: PostgreSQL already holds the row, so nobody waits long on Redis. */
  readonly enqueue: {
    /** ENQUEUE_TIMEOUT_MS: a request waits this long for its job add, then answers (the sweeper adds it later). */
    readonly timeoutMs: number;
    /** ENQUEUE_MAX_PENDING: rows per queue whose add may wait on an absent or stalled Redis at once; beyond, adds are skipped. */
    readonly maxPending: number;
  };
  readonly webhooks: {
    /** Largest webhook POST accepted (Meta: up to 1,000 updates, up to 3 MB). */
    readonly bodyLimitBytes: number;
    /** WEBHOOK_MAX_IN_FLIGHT_BYTES: webhook bytes being read or stored at once per process; past it, 503. */
    readonly maxInFlightBytes: number;
    /** The share of `maxInFlightBytes` one client address may hold with uploads still arriving. */
    readonly maxInFlightShare: number;
    /** Past the first 2 s, a body arriving slower than this on average is cut off (408). */
    readonly minUploadBytesPerSecond: number;
    /** WEBHOOK_ACK_TIMEOUT_MS: a POST not stored by then is answered 500 (Meta retries), well before Meta gives up. */
    readonly ackTimeoutMs: number;
    /** Group commit: at most this many deliveries share one INSERT… */
    readonly batchMaxRows: number;
    /** …with at most this many INSERTs in flight at once (the rest wait and batch up). */
    readonly batchMaxInFlight: number;
    /** Deliveries processed at once per worker process. */
    readonly concurrency: number;
    /** Processing attempts before a delivery is set aside as poison (a work item). */
    readonly maxAttempts: number;
    /** A worker's lease on a delivery; a dead worker's delivery is taken over after it. */
    readonly leaseMs: number;
    readonly sweepIntervalMs: number;
    /** Event keys are kept at least this long (Meta retries for up to 7 days), then their day's partition is dropped whole. */
    readonly keyRetentionMs: number;
    /** Stored bodies are kept this many days (≥ 8), then their day's partition is dropped whole. */
    readonly bodyRetentionDays: number;
    /** Status events (every status webhook) are kept this many days, then their day's partition is dropped whole. */
    readonly statusRetentionDays: number;
    /** How often partitions are made ahead and expired ones dropped. */
    readonly partitionIntervalMs: number;
    /** How often parked statuses (unknown wamid) are matched again. */
    readonly parkedRetryMs: number;
    /** A parked status still unmatched after this long is foreign (another app's message). */
    readonly foreignAfterMs: number;
  };
  readonly conversations: {
    /** Purposes whose messages expect an answer (besides interactive messages), for reply attribution. */
    readonly replyPurposes: readonly string[];
    /** How long an outbound message may await an answer (default 24 h). */
    readonly awaitingAnswerMs: number;
    /** MARK_READ_ON_OPEN: when an agent opens (sees) a thread, mark its newest inbound message read at Meta. */
    readonly markReadOnOpen: boolean;
    /** MARK_READ_ON_REPLY: an agent's reply marks the customer's newest message (and all before it) read at Meta. */
    readonly markReadOnReply: boolean;
    /** TYPING_INDICATOR_INTERVAL_MS: at most one typing indicator per conversation this often (Meta shows one up to 25 s). */
    readonly typingIntervalMs: number;
    /** SNOOZE_WAKE_INTERVAL_MS: how often the worker wakes snoozed conversations whose time has come (default 30 s). */
    readonly snoozeWakeIntervalMs: number;
    /**
     * TEAM_WORK_INTERVAL_MS: how often a worker drains the assignment backlogs (someone came
     * online, a reassignment is due), marks missed response targets and sends out-of-office
     * replies a killed process owed (default 1 s).
     */
    readonly teamWorkIntervalMs: number;
  };
  /** Files agents send and customers' media, kept in Sendbook's own store. */
  readonly media: {
    /** MEDIA_DIR: the folder files are kept in (default `.data/media`). */
    readonly dir: string;
    /** MEDIA_RETENTION_DAYS: how long a kept file stays (Meta keeps inbound media 7 days, uploads 30). */
    readonly retentionMs: number;
    /** MEDIA_KEEP_CONCURRENCY: customers' media downloaded into the store at once per worker. */
    readonly keepConcurrency: number;
    /** MEDIA_KEEP_INTERVAL_MS: how often a worker looks for customers' media not kept yet. */
    readonly keepIntervalMs: number;
  };
  readonly metrics: {
    /** How often a worker samples the gauges (stuck rows, depths, backlog) into metric_samples. */
    readonly sampleIntervalMs: number;
    /** How often each process writes its in-memory counts (job timings, ack latency) to PostgreSQL. */
    readonly flushIntervalMs: number;
    /** Per-minute rows older than this are purged (counters folded into an all-time total first). */
    readonly retentionMs: number;
    readonly purgeIntervalMs: number;
    /** Span over which pool figures (λ, S, ρ) and the current sent→delivered p50/p95 are computed. */
    readonly windowMs: number;
    /** METRICS_BEARER_TOKEN: when set, `GET /metrics` requires it; unset, it is open (keep it behind the network boundary). */
    readonly bearerToken: string | null;
    /** NODE_ENV=production: `GET /metrics` is closed unless METRICS_BEARER_TOKEN is set. */
    readonly requireToken: boolean;
    /** METRICS_SCRAPE_CACHE_MS: a `/metrics` answer is reused this long; concurrent scrapes share one. */
    readonly scrapeCacheMs: number;
    readonly alerts: {
      /** Stuck rows (> 0) must persist this long before an alert. */
      readonly stuckForMs: number;
      /** Duplicate webhook rate: recent window, compared with the longer baseline before it. */
      readonly duplicateWindowMs: number;
      readonly duplicateBaselineMs: number;
      readonly duplicateFactor: number;
      readonly duplicateFloor: number;
      readonly duplicateMinEvents: number;
      /** Sent→delivered p95 over the recent window above this bound. */
      readonly deliveryP95MaxMs: number;
      readonly deliveryWindowMs: number;
      readonly deliveryMinSamples: number;
    };
  };
  readonly templates: {
    /** How often the worker re-syncs the template registry from Meta (webhooks update it between syncs). */
    readonly syncIntervalMs: number;
    /** Templates per page of `GET /{waba_id}/message_templates`. */
    readonly syncPageSize: number;
  };
  readonly numbers: {
    /** How often the worker re-reads each business number's profile (name, quality rating, throughput) from Meta. */
    readonly profileSyncIntervalMs: number;
  };
  readonly policy: {
    /** Messages per second per business number (Meta's default 80; up to 1,000 when raised). */
    readonly ratePerSecond: number;
    /** Per-number overrides of `ratePerSecond`. */
    readonly numberRates: Readonly<Record<string, number>>;
    /**
     * Fraction of the rate kept unused: we space our sends, but Meta counts arrivals, and network
     * jitter bunches them; sending at exactly the cap would earn 130429s.
     */
    readonly rateHeadroom: number;
    /**
     * How late after its reserved departure a send may reach Meta and still be counted right: the
     * departure gate keeps at most the cap in any 1 s + this (see libs/queue departure-gate.ts).
     */
    readonly departureMarginMs: number;
    /** Meta: one message per 6 s from a number to the same user… */
    readonly pairIntervalMs: number;
    /** …plus this margin, for the same reason as `rateHeadroom`. */
    readonly pairMarginMs: number;
    readonly quietHours: QuietHoursConfig;
    /** The recipient's zone when neither the contact nor the phone number's country tells. */
    readonly defaultTimeZone: string;
    /** Whose messaging limit a send counts against: the business portfolio (Meta since Oct 2025) or the number. */
    readonly tierScope: TierScope;
    readonly portfolioId: string;
    /** The limit until a webhook or an admin says otherwise. */
    readonly messagingLimit: MessagingLimit;
  };
  /** What Meta's billable messages cost, to estimate spend (PRICING_RATES); null: no estimate. */
  readonly pricing: {
    readonly rates: RateCard | null;
  };
  /** Who is online and who is in a thread. */
  readonly presence: {
    /** PRESENCE_GRACE_MS: someone whose last inbox tab closed is offline this long after (a reload is not a departure). */
    readonly graceMs: number;
  };
  readonly events: {
    /** EVENTS_MAX_STREAMS: live streams (`GET /v1/events`) open at once in one API process; beyond it 503. */
    readonly maxStreams: number;
    /** EVENTS_MAX_STREAMS_PER_PRINCIPAL: of those, per staff member or API key; beyond it 429. */
    readonly maxStreamsPerPrincipal: number;
    /** EVENTS_SLOW_READER_BYTES: a stream with more unsent bytes than this is dropped (the client resumes). */
    readonly slowReaderBytes: number;
    /** EVENTS_READER_IDLE_MS: the shared Redis reader stops this long after the last stream closed. */
    readonly readerIdleMs: number;
  };
  /** Signed events pushed to integrators' endpoints (modules/integrator-events). */
  readonly integratorEvents: {
    /** EVENT_ENDPOINTS_ALLOW_PRIVATE: endpoints may live on loopback and private networks. */
    readonly allowPrivate: boolean;
    /** EVENT_DELIVERY_POLL_MS: how often each worker looks for due deliveries. */
    readonly pollIntervalMs: number;
    /** EVENT_DELIVERY_TIMEOUT_MS: one POST, connect to last byte, is abandoned after this. */
    readonly timeoutMs: number;
    /** EVENT_DELIVERY_CONCURRENCY_PER_ENDPOINT: POSTs in flight to one endpoint at once, across workers. */
    readonly concurrencyPerEndpoint: number;
    readonly retryBaseMs: number;
    readonly retryMaxMs: number;
    /** An event undelivered this long after it happened is given up (default 3 days). */
    readonly giveUpAfterMs: number;
    /** An endpoint is disabled (and an alert raised) after this many failures in a row… */
    readonly disableAfterFailures: number;
    /** …spanning at least this long without a success. */
    readonly disableAfterFailingMs: number;
    /** EVENT_RETENTION_DAYS: events (and their deliveries and attempts) are kept this long once nothing is owed (at least 4 days, past the retries); then their day's partitions are dropped whole. */
    readonly retentionMs: number;
    /** EVENT_PARTITION_INTERVAL_MS: how often partitions are made ahead and expired days dropped. */
    readonly partitionIntervalMs: number;
  };
  readonly bootstrap: {
    readonly apiKey: string | null;
    readonly adminEmail: string | null;
    readonly adminPassword: string | null;
  };
  readonly workItems: {
    /** Items one bulk action may touch (WORK_ITEMS_BULK_MAX); a wider selection is refused. */
    readonly bulkMax: number;
  };
  /** Sealing stored secrets (SecretBox): APP_ENCRYPTION_KEY, and the keys it replaced, still able to open. */
  readonly encryption: {
    readonly key: string | null;
    readonly previous: readonly string[];
  };
  readonly auth: {
    /** A session unused this long ends (SESSION_IDLE_MINUTES). */
    readonly sessionIdleMs: number;
    /** A session ends this long after sign-in however busy it is (SESSION_MAX_HOURS). */
    readonly sessionMaxMs: number;
    /** How often sessions past their idle or absolute end are ended, and their live streams closed. */
    readonly sessionSweepMs: number;
    /** `Secure` on the session cookie: `auto` sets it when the request came over https. */
    readonly cookieSecure: 'auto' | 'always' | 'never';
    /**
     * Origins whose pages may send the API mutations with a session cookie (INBOX_ORIGINS); a
     * request's own origin (its Host, or X-Forwarded-Host behind the inbox's proxy) always may.
     */
    readonly allowedOrigins: readonly string[];
    /** Where invite and password-reset links point (INBOX_URL). */
    readonly inboxUrl: string;
    /**
     * Failed sign-ins of one account from one address (and of an account from addresses new to it)
     * before each further try waits, doubling from 1 s (LOGIN_FAILURES_PER_ACCOUNT); failures from
     * one address across accounts within the window before more are refused.
     */
    readonly loginFailuresPerAccount: number;
    readonly loginFailuresPerAddress: number;
    readonly loginWindowMs: number;
    /** Password checks at once in this process (LOGIN_CHECKS_AT_ONCE), and how many more may wait (LOGIN_CHECKS_QUEUED). */
    readonly loginChecksAtOnce: number;
    readonly loginChecksQueued: number;
    /** Sign-ins one address may start, per second after a burst, before any database work (per process). */
    readonly loginStartsPerSecond: number;
    readonly loginStartsBurst: number;
    /**
     * Which proxies' X-Forwarded-For to believe for the client's address (Fastify's `trustProxy`: addresses, CIDRs or loopback, linklocal, uniquelocal):
     * by default the loopback, where the inbox's proxy runs.
     */
    readonly trustProxy: string;
  };
}

export type DatabasePooler = 'none' | 'transaction';

/** What the environment says, before `DATABASE_URL`/`REDIS_URL` defaults are resolved. */
export type EnvConfig = Omit<AppConfig, 'databaseUrl' | 'databaseDirectUrl' | 'redisUrl'> & {
  readonly databaseUrl: string | null;
  readonly databaseDirectUrl: string | null;
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
