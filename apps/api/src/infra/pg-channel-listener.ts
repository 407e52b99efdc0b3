import pg from 'pg';
import type { JsonLogger } from '../common/logging/json-logger.js';

const RECONNECT_MAX_MS = 5_000;

/** How the listening connections show in `pg_stat_activity` (one per process). */
export function listenerApplicationName(channel: string): string {
  return `sendbook listen ${channel}`.slice(0, 63);
}

export interface PgChannelListenerOptions {
  url: string;
  channel: string;
  onNotification: (payload: string) => void;
  /** After every LISTEN (the first included) by the listener that handles notifications. */
  onListening: () => void;
  logger: JsonLogger;
  /**
   * One handler per database: the listener that holds this session advisory lock handles the
   * notifications; the others stand by, trying for the lock every `retryMs`, and take over when
   * the holder's connection ends (PostgreSQL releases a session lock with its session).
   */
  exclusive?: { lockKey: number; retryMs: number };
}

/**
 * LISTENs on one PostgreSQL channel over a dedicated connection (a pooled one would be handed to
 * other queries). A lost connection is re-opened with backoff. Notifications sent while nobody
 * handled them are gone, so `onListening` lets the owner catch up from the tables.
 */
export class PgChannelListener {
  private client: pg.Client | null = null;
  private stopped = false;
  private retryTimer: NodeJS.Timeout | null = null;
  private standbyTimer: NodeJS.Timeout | null = null;
  private failures = 0;
  private handling = false;

  constructor(private readonly options: PgChannelListenerOptions) {}

  /** Whether this listener handles the notifications now (always, unless `exclusive`). */
  get isHandling(): boolean {
    return this.handling;
  }

  /** Resolves once LISTEN is in effect (or the first attempt failed and a retry is scheduled). */
  async start(): Promise<void> {
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.handling = false;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.standbyTimer) clearInterval(this.standbyTimer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const { url, channel, logger } = this.options;
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000, application_name: listenerApplicationName(channel) });
    const lost = (error?: unknown): void => {
      if (this.client !== client) return;
      this.client = null;
      this.handling = false;
      if (this.standbyTimer) clearInterval(this.standbyTimer);
      client.end().catch(() => undefined);
      if (!this.stopped) {
        logger.event('warn', 'database.listener_lost', { channel, error });
        this.scheduleReconnect();
      }
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (message) => {
      if (this.handling && message.channel === channel) this.options.onNotification(message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
    } catch (error) {
      client.end().catch(() => undefined);
      if (this.stopped) return;
      logger.event('warn', 'database.listen_failed', { channel, error });
      this.scheduleReconnect();
      return;
    }
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.failures = 0;
    const { exclusive } = this.options;
    if (!exclusive) return this.startHandling();
    if (await this.tryLock(client, exclusive.lockKey)) return this.startHandling();
    // Standing by: the lock is tried on this same session, so it ends with the connection.
    this.standbyTimer = setInterval(() => {
      void this.tryLock(client, exclusive.lockKey).then((got) => {
        if (!got || this.client !== client || this.handling) return;
        if (this.standbyTimer) clearInterval(this.standbyTimer);
        this.startHandling();
      });
    }, exclusive.retryMs);
    this.standbyTimer.unref();
  }

  private startHandling(): void {
    this.handling = true;
    this.options.onListening();
  }

  private async tryLock(client: pg.Client, key: number): Promise<boolean> {
    try {
      const result = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [key]);
      return result.rows[0]?.locked === true;
    } catch {
      return false;
    }
  }

  private scheduleReconnect(): void {
    if (this.stopped || this.retryTimer) return;
    const delay = Math.min(RECONNECT_MAX_MS, 100 * 2 ** this.failures++);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.connect();
    }, delay);
    this.retryTimer.unref();
  }
}
