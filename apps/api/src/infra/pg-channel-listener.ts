import pg from 'pg';
import type { JsonLogger } from '../common/logging/json-logger.js';

const RECONNECT_MAX_MS = 5_000;

/**
 * LISTENs on one PostgreSQL channel over a dedicated connection (a pooled one would be handed to
 * other queries). A lost connection is re-opened with backoff. Notifications sent while nobody
 * listened are gone, so `onListening` (after every LISTEN, the first included) lets the owner
 * catch up from the tables.
 */
export class PgChannelListener {
  private client: pg.Client | null = null;
  private stopped = false;
  private retryTimer: NodeJS.Timeout | null = null;
  private failures = 0;

  constructor(
    private readonly options: {
      url: string;
      channel: string;
      onNotification: (payload: string) => void;
      onListening: () => void;
      logger: JsonLogger;
    },
  ) {}

  /** Resolves once LISTEN is in effect (or the first attempt failed and a retry is scheduled). */
  async start(): Promise<void> {
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const { url, channel, logger } = this.options;
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
    const lost = (error?: unknown): void => {
      if (this.client !== client) return;
      this.client = null;
      client.end().catch(() => undefined);
      if (!this.stopped) {
        logger.event('warn', 'database.listener_lost', { channel, error });
        this.scheduleReconnect();
      }
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (message) => {
      if (message.channel === channel) this.options.onNotification(message.payload ?? '');
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
    this.options.onListening();
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
