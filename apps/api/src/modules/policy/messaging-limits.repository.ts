import { Inject, Injectable } from '@nestjs/common';
import { parseTier, tierScopeId, type MessagingLimit } from '@sendbook/queue';
import { DataSource, type EntityManager } from 'typeorm';
import { Clock } from '../../common/clock.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';
import { queryRows } from '../../database/query-rows.js';

/** `last_error.code` of rows waiting for a slot (see SendingPolicy). */
export const MESSAGING_LIMIT_WAIT = 'messaging_limit';
const CACHE_MS = 10_000;

/** The number a scope is (`number:<id>`), or null for a portfolio scope, which covers them all. */
export function numberOfScope(scopeId: string): string | null {
  return scopeId.startsWith('number:') ? scopeId.slice('number:'.length) : null;
}

/** Messaging limits per scope (from Meta's webhooks, else configured), and the numbers we know. */
@Injectable()
export class MessagingLimitsRepository {
  private readonly cache = new Map<string, { limit: MessagingLimit; at: number }>();
  private readonly knownNumbers = new Set<string>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Where a number's business-initiated sends are counted: its portfolio's window or its own. */
  scopeOf(phoneNumberId: string): string {
    return tierScopeId(this.config.policy.tierScope, { portfolioId: this.config.policy.portfolioId, phoneNumberId });
  }

  /**
   * The users a scope reached with business-initiated messages in the 24 h before `now`, from the
   * rows themselves: a row that went to Meta when its recipient had written nothing in the 24 h
   * before (no open customer-service window), with the time of the latest such send. What the
   * Redis window holds, rebuilt after Redis lost it; a send Meta refused counts too (the safe side).
   */
  async usersReachedFromRows(scopeId: string, now: Date): Promise<{ waId: string; lastAt: Date }[]> {
    const numberId = scopeId.startsWith('number:') ? scopeId.slice('number:'.length) : null;
    const rows = await queryRows<{ wa_id: string; last_at: Date }>(
      this.dataSource,
      `SELECT o.to_wa_id AS wa_id, max(o.sending_started_at) AS last_at
         FROM outbound_messages o
        WHERE o.sending_started_at > $1::timestamptz - interval '24 hours' AND o.sending_started_at <= $1
          AND o.state NOT IN ('queued', 'held', 'cancelled')
          AND ($2::text IS NULL OR o.phone_number_id = $2)
          AND NOT EXISTS (
                SELECT 1 FROM inbound_messages i
                 WHERE i.phone_number_id = o.phone_number_id AND o.to_wa_id IN (i.from_wa_id, i.from_user_id) AND i.type <> 'system'
                   AND coalesce(i.timestamp, i.created_at) <= o.sending_started_at
                   AND coalesce(i.timestamp, i.created_at) > o.sending_started_at - interval '24 hours')
        GROUP BY o.to_wa_id`,
      [now, numberId],
    );
    return rows.map((r) => ({ waId: r.wa_id, lastAt: new Date(r.last_at) }));
  }

  /** This deployment's portfolio window (one deployment serves one business portfolio). */
  portfolioScopeId(): string {
    return tierScopeId('portfolio', { portfolioId: this.config.policy.portfolioId, phoneNumberId: '' });
  }

  /** The limit for a scope, cached briefly: it changes a few times a year. */
  async limitFor(scopeId: string): Promise<MessagingLimit> {
    const now = Date.now();
    const cached = this.cache.get(scopeId);
    if (cached && now - cached.at < CACHE_MS) return cached.limit;
    const rows = await queryRows<{ messaging_limit: string }>(this.dataSource, `SELECT messaging_limit FROM messaging_limits WHERE scope_id = $1`, [scopeId]);
    const limit = (rows[0] && parseTier(rows[0].messaging_limit)) || this.config.policy.messagingLimit;
    this.cache.set(scopeId, { limit, at: now });
    return limit;
  }

  async setLimit(db: EntityManager | DataSource, scopeId: string, limit: MessagingLimit, source: string): Promise<void> {
    await db.query(
      `INSERT INTO messaging_limits (scope_id, messaging_limit, source, updated_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (scope_id) DO UPDATE SET messaging_limit = EXCLUDED.messaging_limit, source = EXCLUDED.source, updated_at = EXCLUDED.updated_at`,
      [scopeId, String(limit), source, this.clock.now()],
    );
    this.cache.delete(scopeId);
  }

  /**
   * The limit Meta reports when asked (the Graph API), kept unless it is the one stored already, in
   * the caller's transaction; whether it changed (then the rows waiting for a slot may go now).
   */
  async adopt(tx: EntityManager, scopeId: string, limit: MessagingLimit, source: string): Promise<boolean> {
    const rows = await queryRows<{ messaging_limit: string }>(tx, `SELECT messaging_limit FROM messaging_limits WHERE scope_id = $1 FOR UPDATE`, [scopeId]);
    if (rows[0] && parseTier(rows[0].messaging_limit) === limit) return false;
    await this.setLimit(tx, scopeId, limit, source);
    return true;
  }

  /** Remembers a number seen in webhook metadata (once per process unless it changes). */
  async rememberNumber(phoneNumberId: string, displayPhoneNumber: string, wabaId: string | null): Promise<void> {
    const key = `${phoneNumberId}|${displayPhoneNumber}|${wabaId ?? ''}`;
    if (this.knownNumbers.has(key)) return;
    await this.dataSource.query(
      `INSERT INTO business_numbers (phone_number_id, display_phone_number, waba_id, seen_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (phone_number_id) DO UPDATE SET display_phone_number = EXCLUDED.display_phone_number,
         waba_id = COALESCE(EXCLUDED.waba_id, business_numbers.waba_id), seen_at = EXCLUDED.seen_at`,
      [phoneNumberId, displayPhoneNumber, wabaId, this.clock.now()],
    );
    this.knownNumbers.add(key);
  }

  async numberByDisplay(db: EntityManager | DataSource, displayPhoneNumber: string): Promise<string | null> {
    const rows = await queryRows<{ phone_number_id: string }>(
      db,
      `SELECT phone_number_id FROM business_numbers WHERE display_phone_number = $1 ORDER BY seen_at DESC LIMIT 1`,
      [displayPhoneNumber],
    );
    return rows[0]?.phone_number_id ?? null;
  }

  async knownNumberIds(): Promise<string[]> {
    const rows = await queryRows<{ phone_number_id: string }>(this.dataSource, `SELECT phone_number_id FROM business_numbers`, []);
    return rows.map((r) => r.phone_number_id);
  }
}
