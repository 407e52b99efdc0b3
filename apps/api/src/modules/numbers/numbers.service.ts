import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock.js';
import { DomainError } from '../../common/errors/domain-error.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';
import { OutboxSweeper } from '../outbox/outbox-sweeper.service.js';
import { SendingPausesService } from '../outbox/sending-pauses.service.js';
import { MessagingLimitsRepository } from '../policy/messaging-limits.repository.js';
import { SendingPolicy } from '../policy/sending-policy.service.js';
import { NumbersRepository } from './numbers.repository.js';
import { AuditService } from '../audit/audit.service.js';
import { NumberProfilesRepository, type StoredProfile } from './number-profiles.repository.js';
import { NumberProfilesService } from './number-profiles.service.js';

/**
 * The business numbers as an admin sees them: rate, messaging limit, pauses and what waits.
 * Paused sending is visible and resumable; resuming sends what waited, once.
 */
@Injectable()
export class NumbersService {
  constructor(
    private readonly repo: NumbersRepository,
    private readonly pauses: SendingPausesService,
    private readonly sweeper: OutboxSweeper,
    private readonly policy: SendingPolicy,
    private readonly limits: MessagingLimitsRepository,
    private readonly clock: Clock,
    private readonly audit: AuditService,
    private readonly profiles: NumberProfilesRepository,
    private readonly profileSync: NumberProfilesService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Every number we know of: configured, seen in webhooks, or with rows waiting; its rate, limit, pauses and usage. */
  async numbers() {
    const now = this.clock.now();
    const waiting = await this.repo.waitingByNumber();
    const senders = await this.repo.senderIds();
    const pauses = await this.pauses.active();
    const profiles = await this.profiles.all();
    const ids = new Set<string>([
      this.config.whatsapp.phoneNumberId,
      ...Object.keys(this.config.policy.numberRates),
      ...(await this.limits.knownNumberIds()),
      ...senders,
      ...pauses.flatMap((p) => (p.phoneNumberId ? [p.phoneNumberId] : [])),
    ]);
    const data = await Promise.all(
      [...ids].sort().map(async (id) => {
        const own = pauses.filter((p) => p.scope === 'account' || p.phoneNumberId === id);
        const count = (state: string) => waiting.find((w) => w.phoneNumberId === id && w.state === state)?.count ?? 0;
        return {
          phone_number_id: id,
          profile: presentProfile(profiles.get(id)),
          ...(await this.policy.usage(id, now)),
          paused: own.length > 0,
          pauses: own.map((p) => ({ id: p.id, scope: p.scope, code: p.code, reason: p.reason, paused_at: p.pausedAt.toISOString() })),
          queued: count('queued'),
          sending: count('sending'),
        };
      }),
    );
    return { data };
  }

  /** Reads every number's profile from Meta now (workers also do so on a timer). */
  async syncProfiles(actor: string) {
    const result = await this.profileSync.sync();
    await this.audit.record({
      actor,
      action: 'numbers.profiles_synced',
      subjectType: 'business_number',
      subjectId: null,
      details: { synced: result.synced, failed: result.failed.length },
    });
    return result;
  }

  async pausesInForce() {
    const active = await this.pauses.active();
    return {
      data: active.map((p) => ({
        id: p.id,
        scope: p.scope,
        phone_number_id: p.phoneNumberId,
        code: p.code,
        reason: p.reason,
        paused_at: p.pausedAt.toISOString(),
      })),
    };
  }

  /** Lifts the number's pauses (and an account-wide one), then sweeps, so what waited is sent once. */
  async resume(phoneNumberId: string, actor: string, note: string | null = null) {
    if (!/^\d{1,32}$/.test(phoneNumberId)) throw DomainError.validation([{ field: 'id', message: 'must be a phone_number_id (digits)' }]);
    const resumed = await this.pauses.resume(phoneNumberId, actor);
    await this.audit.record({
      actor,
      action: 'number.resumed',
      subjectType: 'business_number',
      subjectId: phoneNumberId,
      details: { note, pauses_ended: resumed },
    });
    const requeued = await this.sweeper.sweep({ fromStart: true });
    return { resumed, requeued };
  }

  /** Stops a number on purpose until someone resumes it; what is queued waits, nothing is failed. */
  async pause(phoneNumberId: string, note: string, actor: string) {
    if (!/^\d{1,32}$/.test(phoneNumberId)) throw DomainError.validation([{ field: 'id', message: 'must be a phone_number_id (digits)' }]);
    const paused = await this.pauses.pauseByHand(phoneNumberId, note);
    await this.audit.record({
      actor,
      action: 'number.paused',
      subjectType: 'business_number',
      subjectId: phoneNumberId,
      details: { note, already_paused: !paused },
    });
    return { paused };
  }
}

function presentProfile(p: StoredProfile | undefined) {
  if (!p || !p.syncedAt) return null;
  return {
    display_phone_number: p.displayPhoneNumber || null,
    verified_name: p.verifiedName,
    quality_rating: p.qualityRating,
    throughput_level: p.throughputLevel,
    name_status: p.nameStatus,
    synced_at: p.syncedAt.toISOString(),
  };
}
