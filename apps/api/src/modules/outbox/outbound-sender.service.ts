import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable } from '@nestjs/common';
import {
  afterPrepareFailure,
  decideAfterSend,
  directSendTtl,
  isFreeForm,
  isInfrastructureError,
  isLateDeparture,
  MARKETING_OPT_OUT_HOLD_CODE,
  marketingHold,
  parkedStatusesReceivedFrom,
  type RowError,
  type SendDecision,
} from '@sendbook/queue';
import { decideFreeFormAt, recipientField, type GraphClient, type OutboundMessageBody } from '@sendbook/whatsapp';
import { Clock } from '../../common/clock.js';
import { FactBus } from '../../common/facts/domain-facts.js';
import { JsonLogger } from '../../common/logging/json-logger.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';
import { EventsPublisher } from '../events/events.publisher.js';
import { GRAPH_CLIENT } from '../whatsapp/whatsapp.module.js';
import { OutboxRepository, type ClaimedRow, type PeekedRow } from './outbox.repository.js';
import { CancelledButSent } from './cancelled-but-sent.service.js';
import { SendingPausesService } from './sending-pauses.service.js';
import { MESSAGING_LIMIT_WAIT, SendingPolicy, type GateReason } from '../policy/sending-policy.service.js';

/**
 * From looking at a row to its claim, past which the pair's slot is counted again from the claim
 * (SendingPolicy.pairSendingAt): normally a few ms; a fifth of the default PAIR_MARGIN_MS.
 */
const LATE_CLAIM_MS = 100;

/** What became of one attempt to send a row. */
export type SendRowOutcome =
  | { kind: 'not_claimed' }
  /** `code`: the Graph API error code behind the decision, if any (for the send-outcome figures). */
  | { kind: 'done'; decision: SendDecision['kind']; phoneNumberId: string; code: string | null }
  /** Back in the queue: the job should wait until `notBefore`. */
  | { kind: 'requeued'; notBefore: Date; reason: RequeueReason };

/** Epoch ms of one send's way out: the moment its token was there, its claim, its reserved departure and when it was written. */
interface SendTiming {
  admitted: number;
  claimed: number;
  departure: number | null;
  written: number | null;
}

/** Why a row went back: not due yet, a gate of the sending policy, a retry after an error, or its fallback template. */
export type RequeueReason = 'not_due' | `policy:${GateReason}` | 'retry' | 'fallback';

/**
 * Sends one outbox row: claim (`queued → sending`, committed) → Graph API call → record the outcome.
 * The claim is committed before the call, so a crash mid-call leaves the row in `sending`, which
 * nothing automatic will send again.
 */
@Injectable()
export class OutboundSender {
  constructor(
    private readonly repo: OutboxRepository,
    private readonly pauses: SendingPausesService,
    private readonly clock: Clock,
    private readonly logger: JsonLogger,
    private readonly facts: FactBus,
    private readonly policy: SendingPolicy,
    private readonly events: EventsPublisher,
    @Inject(GRAPH_CLIENT) private readonly graph: GraphClient,
    private readonly cancelledButSent: CancelledButSent,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async send(messageId: string): Promise<SendRowOutcome> {
    let prepared: SendRowOutcome | { kind: 'claimed'; row: ClaimedRow; timing: SendTiming };
    try {
      prepared = await this.prepare(messageId);
    } catch (error) {
      // An outage makes every row throw: that is for the sweepers to ride out, not a bad row.
      if (isInfrastructureError(error)) throw error;
      return this.unprepared(messageId, error);
    }
    if (prepared.kind !== 'claimed') return prepared;
    const { row, timing } = prepared;

    const result = await this.graph.sendMessage(row.phoneNumberId, graphBody(row, this.clock.now()), {
      beforeWrite: () => this.depart(row.phoneNumberId, timing),
    });
    const after = this.clock.now();
    const decision = decideAfterSend(result, {
      attempts: row.attempts,
      maxAttempts: this.config.outbox.maxAttempts,
      hasFallbackTemplate: row.fallbackTemplate !== null,
      now: after,
      random: Math.random,
      retry: { baseMs: this.config.outbox.retryBaseMs, maxMs: this.config.outbox.retryMaxMs },
    });
    this.logger.event(decision.kind === 'accepted' ? 'debug' : 'info', 'outbox.send_result', {
      message_id: row.id,
      attempt: row.attempts,
      outcome: result.outcome,
      decision: decision.kind,
      error: 'error' in decision ? decision.error : undefined,
      // Where a number's spacing can be lost on the way to Meta (bench/cap-adherence.bench.mjs --trace).
      timing_ms: timing,
    });
    return this.apply(row, result.outcome === 'rejected' ? await this.adapt(row, decision, after) : decision, after);
  }

  /**
   * The claim found nothing to take: taken, cancelled, or past its `expires_at` — then expired now,
   * not at the next sweep. Only a row the peek saw with a deadline is looked at again: the common
   * case (another job took it) costs no extra statement.
   */
  private async notClaimed(peeked: PeekedRow): Promise<SendRowOutcome> {
    const now = this.clock.now();
    if (!peeked.expiresAt || peeked.expiresAt > now) return { kind: 'not_claimed' };
    const messageId = peeked.id;
    const expired = await this.repo.expire(messageId, now);
    if (expired)
      this.events.publish('message.status', { message_id: messageId, state: 'cancelled', previous_state: null, error: expired.lastError, source: 'expiry' });
    return { kind: 'not_claimed' };
  }

  /** Everything before the Graph call: the gates, then the claim (committed). Nothing is sent here. */
  private async prepare(messageId: string): Promise<SendRowOutcome | { kind: 'claimed'; row: ClaimedRow; timing: SendTiming }> {
    const now = this.clock.now();
    const peeked = await this.repo.peek(messageId, now);
    // Gone, already taken, or its number paused (resuming re-enqueues it).
    if (!peeked || peeked.state !== 'queued' || peeked.paused) return { kind: 'not_claimed' };
    if (peeked.notBefore.getTime() > now.getTime()) return { kind: 'requeued', notBefore: peeked.notBefore, reason: 'not_due' };

    // Marketing to a user who opted out is held (the user's resume releases it), never sent or failed.
    const optedOut = marketingHold(peeked);
    if (optedOut) {
      const held = await this.repo.holdOptedOut(messageId, optedOut, 'recipient opted out of marketing: held until the user resumes', now);
      // Taken meanwhile, or the user resumed since the peek: look again.
      if (!held) return this.prepare(messageId);
      this.events.publish('message.status', { message_id: messageId, state: 'held', previous_state: 'queued', error: optedOut, source: 'sender' });
      this.events.publish('work_item.changed', { kind: 'held', change: 'created', message_id: messageId });
      return { kind: 'done', decision: 'hold', phoneNumberId: held.phoneNumberId, code: String(optedOut.code) };
    }

    // Outside the 24 h window free-form text would only come back as 131047: send the fallback
    // template instead, or hold the row for a person. Decided before the gate takes any slot.
    if (isFreeForm({ type: peeked.payloadType, category: peeked.payloadCategory }) && decideFreeFormAt(peeked.windowOpenUntil, now) === 'closed') {
      const row = await this.repo.claim(messageId, now);
      if (!row) return this.notClaimed(peeked);
      const error: RowError = {
        code: 'window_closed',
        title: 'Customer-service window closed',
        message: 'no message from this contact in the last 24 hours',
        details: null,
      };
      return this.apply(row, row.fallbackTemplate ? { kind: 'use_fallback', error } : { kind: 'hold', error }, now);
    }

    const gate = await this.policy.admit(peeked, now);
    if (gate.kind === 'wait') {
      // Long waits (quiet hours, the messaging limit, a cooling number) move `not_before`, audited,
      // with the reason in `last_error`. Pacing by the second (tokens, the 6 s pair slot, a user's
      // earlier row going first) only delays the job: rewriting `not_before` would reorder one
      // user's rows, which are sent by priority, then `not_before`, then creation.
      if (isLongWait(gate.reason)) {
        const wait = LONG_WAITS[gate.reason];
        const error: RowError = { code: wait.code, title: wait.reason, message: `waiting until ${gate.until.toISOString()}`, details: null };
        if (!(await this.repo.defer(peeked.id, gate.until, wait.reason, { error }, now))) return { kind: 'not_claimed' };
      }
      return { kind: 'requeued', notBefore: gate.until, reason: `policy:${gate.reason}` };
    }

    // A token taken a moment ahead (SendingPolicy.leadMsFor): wait for it here, before the claim,
    // so nothing is `sending` that is not about to be sent, and Meta sees the sends spaced.
    const early = gate.sendAt.getTime() - this.clock.now().getTime();
    if (early > 0) await sleep(early);
    const row = await this.repo.claim(messageId, this.clock.now());
    if (!row) return this.notClaimed(peeked);
    // The pair's slot was counted from `now`; PAIR_MARGIN_MS covers a short way to the Graph call, not a long one.
    const claimedAt = this.clock.now();
    // Best effort, never a throw: the row is `sending` now, and a throw would leave it stuck unsent.
    if (claimedAt.getTime() - now.getTime() > LATE_CLAIM_MS) {
      await this.policy
        .pairSendingAt(peeked, claimedAt)
        .catch((error: unknown) => this.logger.event('warn', 'outbox.pair_restamp_failed', { message_id: messageId, error: String(error) }));
    }
    return { kind: 'claimed', row, timing: { admitted: gate.sendAt.getTime(), claimed: claimedAt.getTime(), departure: null, written: null } };
  }

  /**
   * The departure gate, run with a connected socket just before the request is written: waits for
   * the moment `reserveDeparture` gives this number's send, across all workers. One that wakes
   * too late to be counted in its place (a stalled event loop) reserves again, twice at most.
   */
  private async depart(phoneNumberId: string, timing: SendTiming): Promise<void> {
    const rule = this.policy.departureRule(phoneNumberId);
    const nowUs = () => this.clock.now().getTime() * 1000;
    for (let tries = 1; ; tries++) {
      const reservedUs = await this.policy.reserveDeparture(phoneNumberId, rule, nowUs());
      const waitMs = (reservedUs - nowUs()) / 1000;
      if (waitMs > 0) await sleep(waitMs);
      timing.departure = reservedUs / 1000;
      timing.written = this.clock.now().getTime();
      if (tries === 3 || !isLateDeparture(reservedUs, nowUs(), rule)) return;
    }
  }

  /**
   * The row threw before its claim, for a reason of its own: tried again with backoff, and failed
   * after OUTBOX_MAX_PREPARE_FAILURES tries in a row (a `failed` work item, never sent).
   */
  private async unprepared(messageId: string, thrown: unknown): Promise<SendRowOutcome> {
    const now = this.clock.now();
    const error: RowError = {
      code: 'unprocessable',
      title: 'The message could not be prepared for sending',
      message: (thrown instanceof Error ? thrown.message : String(thrown)).slice(0, 500),
      details: null,
    };
    const failures = (await this.repo.prepareFailures(messageId)) + 1;
    const decision = afterPrepareFailure({
      failures,
      maxFailures: this.config.outbox.maxPrepareFailures,
      now,
      baseMs: this.config.outbox.retryBaseMs,
      maxMs: this.config.outbox.retryMaxMs,
    });
    this.logger.event('warn', 'outbox.prepare_failed', { message_id: messageId, failures, decision: decision.kind, error: thrown });
    if (decision.kind === 'fail') {
      const failed = await this.repo.failUnprepared(messageId, error, now);
      // No longer queued: it threw after its claim (the window-closed path), as before.
      if (!failed) throw thrown;
      this.events.publish('work_item.changed', { kind: 'failed', change: 'created', message_id: messageId });
      return { kind: 'done', decision: 'fail', phoneNumberId: failed.phoneNumberId, code: 'unprocessable' };
    }
    if (!(await this.repo.deferUnprepared(messageId, decision.notBefore, error, now))) throw thrown;
    return { kind: 'requeued', notBefore: decision.notBefore, reason: 'retry' };
  }

  /**
   * A rejection can change the policy beyond this row: slow the number (130429), push the pair
   * (131056), cool down (maintenance, call limits), pause (restrictions, auth) or close the window
   * (131047). The row's own decision then waits at least as long, or becomes the pause.
   */
  private async adapt(row: ClaimedRow, decision: SendDecision, now: Date): Promise<SendDecision> {
    if (!('error' in decision)) return decision;
    const { action, notBefore } = await this.policy.adapt(row, decision.error, now);
    if (action.kind === 'window_closed') await this.facts.publish('send.window_closed', { phoneNumberId: row.phoneNumberId, toWaId: row.toWaId, at: now });
    if (decision.kind === 'hold' && decision.error.code === MARKETING_OPT_OUT_HOLD_CODE)
      await this.facts.publish('send.marketing_refused', { phoneNumberId: row.phoneNumberId, toWaId: row.toWaId, at: now });
    if (action.kind === 'pause' && decision.kind !== 'pause') return { kind: 'pause', scope: action.scope, error: decision.error };
    if (notBefore && decision.kind === 'requeue' && notBefore.getTime() > decision.notBefore.getTime()) return { ...decision, notBefore };
    return decision;
  }

  private async apply(row: ClaimedRow, decision: SendDecision, now: Date): Promise<SendRowOutcome> {
    switch (decision.kind) {
      case 'accepted': {
        const details = { wamid: decision.wamid, wa_id: decision.waId, message_status: decision.messageStatus };
        const accepted = await this.repo.markAccepted(
          row.id,
          decision.wamid,
          details,
          now,
          parkedStatusesReceivedFrom(now, this.config.webhooks.foreignAfterMs),
        );
        // A status webhook may have beaten the response and moved the row on already.
        if (!accepted) await this.repo.recordWamidIfMissing(row.id, decision.wamid);
        if (accepted)
          this.events.publish('message.status', {
            message_id: row.id,
            state: 'accepted',
            previous_state: accepted.wasCancelled ? 'cancelled' : 'sending',
            wamid: decision.wamid,
            source: 'sender',
          });
        if (accepted?.wasCancelled) await this.cancelledButSent.raise(row.id, row.phoneNumberId, decision.wamid, 'accepted');
        // Statuses that beat this response and carried no usable callback data were parked. (Most
        // sends have none: skip the transaction then; the periodic retry covers a late-parked one.)
        if (!accepted || accepted.hasParkedStatuses) await this.facts.publish('send.accepted', { phoneNumberId: row.phoneNumberId, wamid: decision.wamid });
        break;
      }
      case 'requeue':
        await this.repo.requeue(row.id, decision.notBefore, decision.error, 'send will be retried later', now);
        return { kind: 'requeued', notBefore: decision.notBefore, reason: 'retry' };
      case 'stuck':
        await this.repo.noteUnknownOutcome(row.id, decision.error, now);
        break;
      case 'fail':
        await this.repo.markFailed(row.id, decision.error, 'worker', now);
        this.events.publish('message.status', { message_id: row.id, state: 'failed', previous_state: 'sending', error: decision.error, source: 'sender' });
        this.events.publish('work_item.changed', { kind: 'failed', change: 'created', message_id: row.id });
        break;
      case 'use_fallback':
        await this.repo.useFallback(row.id, decision.error, now);
        return { kind: 'requeued', notBefore: now, reason: 'fallback' };
      case 'hold':
        await this.repo.markHeld(
          row.id,
          decision.error,
          decision.error.code === MARKETING_OPT_OUT_HOLD_CODE
            ? 'recipient opted out of marketing (131050): held until the user resumes'
            : 'window closed and no fallback template: held for a person',
          now,
        );
        this.events.publish('message.status', { message_id: row.id, state: 'held', previous_state: 'sending', error: decision.error, source: 'sender' });
        this.events.publish('work_item.changed', { kind: 'held', change: 'created', message_id: row.id });
        break;
      case 'pause':
        await this.pauses.pause(decision.scope, row.phoneNumberId, decision.error);
        await this.repo.requeueUncounted(row.id, decision.error, `sending paused (${decision.scope}) until an admin resumes it`, now);
        break;
    }
    const code = 'error' in decision && decision.error.code !== null ? String(decision.error.code) : null;
    return { kind: 'done', decision: decision.kind, phoneNumberId: row.phoneNumberId, code };
  }
}

type LongWait = Extract<GateReason, 'quiet_hours' | 'tier' | 'cooling'>;

/**
 * The waits that move `not_before` (audited, the reason in `last_error`); the others only delay
 * the job. Keyed by gate reason: the `last_error.code` and the audit wording.
 */
const LONG_WAITS: Readonly<Record<LongWait, { code: string; reason: string }>> = {
  quiet_hours: { code: 'quiet_hours', reason: "quiet hours for this purpose in the recipient's time zone" },
  tier: { code: MESSAGING_LIMIT_WAIT, reason: 'messaging limit reached: waiting for a slot in the rolling 24 h' },
  cooling: { code: 'cooling', reason: 'the number is cooling down (maintenance or API call limits)' },
};

const isLongWait = (reason: GateReason): reason is LongWait => Object.hasOwn(LONG_WAITS, reason);

/** The Cloud API body: the stored payload plus routing, always tied back to the row. */
export function graphBody(row: Pick<ClaimedRow, 'id' | 'to' | 'payload' | 'expiresAt'>, now: Date): OutboundMessageBody {
  // A Direct Send message that must not arrive late asks Meta to stop trying when it no longer matters.
  const ttl = directSendTtl(row.payload, row.expiresAt, now);
  return {
    ...row.payload,
    ...(ttl === null ? {} : { ttl_seconds: ttl }),
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    ...recipientField(row.to),
    biz_opaque_callback_data: row.id,
  } as unknown as OutboundMessageBody;
}
