import type { Clock } from '../core/clock.js';
import { hubSignature, legacyHubSignature, signingSecret } from '../core/hmac.js';
import { toMetaJson } from '../core/meta-json.js';
import type { Prng } from '../core/prng.js';
import type { Scheduler } from '../core/scheduler.js';
import type { SimulatorConfig } from '../options.js';
import { buildEnvelope } from './envelope.js';
import { retryDelayMs } from './retry-schedule.js';
import type { WebhookPoster } from './webhook-poster.js';
import type { StatusValue, WebhookEvent } from './webhook-types.js';

export interface DeliveryEventRef {
  eventId: string;
  kind: 'status' | 'message' | 'echo';
  wamid: string;
  status: StatusValue | null;
  phoneNumberId: string;
  /** True when this is a later re-send of an event already POSTed (rebatch chaos). */
  resent: boolean;
}

export interface DeliveryAttempt {
  at: number;
  statusCode: number | null;
  error: string | null;
  responseBody: string;
  durationMs: number;
}

/** One webhook POST (its exact bytes) and every attempt to deliver it. */
export interface WebhookDelivery {
  id: string;
  kind: 'original' | 'duplicate';
  duplicateOf: string | null;
  body: string;
  events: DeliveryEventRef[];
  attempts: DeliveryAttempt[];
  state: 'pending' | 'delivered' | 'abandoned';
  createdAt: number;
  deliveredAt: number | null;
  /** Nominal (unscaled) time the retry schedule has spanned so far. */
  retriedForMs: number;
}

interface QueuedEvent {
  event: WebhookEvent;
  deferrals: number;
  resent: boolean;
  /** For a re-send: the event ids of the POST it first went out in. */
  firstPost?: string;
}

export interface EmitterDeps {
  config: () => SimulatorConfig;
  clock: Clock;
  scheduler: Scheduler;
  /** The chaos PRNG (re-seeded when chaos is configured with a seed). */
  rng: () => Prng;
  post: WebhookPoster;
  log: (line: string) => void;
}

const MAX_SHUFFLE_DEFERRALS = 2;
/** The log keeps this many POSTs; older finished ones are dropped so a long demo stays small. */
const MAX_LOGGED_DELIVERIES = 50_000;

/**
 * Meta's webhook sender: batches events per POST, signs the exact bytes, retries non-200 answers
 * with exponential backoff for up to 7 days (scaled by `timeScale`), and applies the webhook chaos
 * knobs (duplicates, shuffle, delays, re-batching).
 */
export class WebhookEmitter {
  private buffer: QueuedEvent[] = [];
  /** Re-sends wait here to ride along with fresh events, so their POST is composed differently. */
  private resendPool: QueuedEvent[] = [];
  private flushScheduled = false;
  private deliveries: WebhookDelivery[] = [];
  private sequence = 0;
  private closed = false;

  constructor(private readonly deps: EmitterDeps) {}

  enqueue(event: WebhookEvent): void {
    this.buffer.push({ event, deferrals: 0, resent: false });
    if (this.resendPool.length > 0) {
      this.buffer.push(...this.resendPool);
      this.resendPool = [];
    }
    this.kick();
  }

  /**
   * A WABA-level change (`message_template_status_update` and the like) as Meta POSTs it: one
   * entry with the WABA id and the time, one change; signed and retried like every POST.
   */
  enqueueField(wabaId: string, field: string, value: Record<string, unknown>): void {
    if (this.closed) return;
    const body = toMetaJson({
      entry: [{ id: wabaId, time: Math.floor(this.deps.clock.now() / 1000), changes: [{ value, field }] }],
      object: 'whatsapp_business_account',
    });
    this.attemptAfter(this.record(body, [], 'original', null), this.randomDelay());
  }

  /** Schedules a flush when there is something to send and somewhere to send it. */
  kick(): void {
    if (this.closed || this.flushScheduled || this.buffer.length === 0 || !this.deps.config().webhookUrl) return;
    this.flushScheduled = true;
    this.deps.scheduler.after(this.deps.config().webhookBatch.flushMs, () => {
      this.flushScheduled = false;
      this.flush();
    });
  }

  /** Turns buffered events into POSTs now. */
  flush(): void {
    const config = this.deps.config();
    if (this.closed || !config.webhookUrl || this.buffer.length === 0) return;
    const batchable = this.takeBatchable(config);
    const max = Math.max(1, config.webhookBatch.maxEvents);
    for (let i = 0; i < batchable.length; i += max) {
      const batch = batchable.slice(i, i + max);
      // A re-send must not reproduce its first POST: split a batch that would.
      if (batch.length > 1 && batch.every((q) => q.resent && q.firstPost === postKey(batch))) {
        for (const queued of batch) this.send([queued], config);
      } else {
        this.send(batch, config);
      }
    }
    if (this.buffer.length > 0) this.kick();
  }

  /** Events held back because no webhook URL is configured yet. */
  waitingEvents(): number {
    return this.buffer.length + this.resendPool.length;
  }

  deliveriesLog(): WebhookDelivery[] {
    return [...this.deliveries];
  }

  reset(): void {
    for (const delivery of this.deliveries) if (delivery.state === 'pending') delivery.state = 'abandoned';
    this.buffer = [];
    this.resendPool = [];
    this.deliveries = [];
    this.flushScheduled = false;
  }

  close(): void {
    this.closed = true;
    this.reset();
  }

  /** With `shuffle`, events are reordered and some are held back to a later POST. */
  private takeBatchable(config: SimulatorConfig): QueuedEvent[] {
    const taken = this.buffer;
    this.buffer = [];
    if (!config.chaos.shuffle || taken.length < 2) return taken;
    const rng = this.deps.rng();
    rng.shuffle(taken);
    const now: QueuedEvent[] = [];
    for (const queued of taken) {
      if (queued.deferrals < MAX_SHUFFLE_DEFERRALS && rng.chance(0.3)) {
        queued.deferrals++;
        this.buffer.push(queued);
      } else {
        now.push(queued);
      }
    }
    if (now.length === 0) {
      const first = this.buffer.shift();
      if (first) now.push(first);
    }
    return now;
  }

  private send(batch: QueuedEvent[], config: SimulatorConfig): void {
    const rng = this.deps.rng();
    const chaos = config.chaos;
    const body = toMetaJson(buildEnvelope(batch.map((q) => q.event)));
    const original = this.record(body, batch, 'original', null);
    this.attemptAfter(original, this.randomDelay());
    if (rng.chance(chaos.duplicateProbability)) {
      const copy = this.record(body, batch, 'duplicate', original.id);
      this.attemptAfter(copy, this.randomDelay() + rng.int(1, Math.max(1, 2 * config.webhookBatch.flushMs)));
    }
    for (const queued of batch) {
      if (!queued.resent && rng.chance(chaos.rebatchProbability)) this.scheduleResend(queued.event, postKey(batch), config);
    }
  }

  private randomDelay(): number {
    const range = this.deps.config().chaos.delayMs;
    return range ? this.deps.rng().int(Math.min(range[0], range[1]), Math.max(range[0], range[1])) : 0;
  }

  private scheduleResend(event: WebhookEvent, firstPost: string, config: SimulatorConfig): void {
    const flushMs = Math.max(1, config.webhookBatch.flushMs);
    const queued: QueuedEvent = { event, deferrals: 0, resent: true, firstPost };
    this.deps.scheduler.after(this.deps.rng().int(flushMs, 3 * flushMs), () => {
      this.resendPool.push(queued);
      // With no fresh traffic to join, send it on its own after a while.
      this.deps.scheduler.after(5 * flushMs + 50, () => {
        const index = this.resendPool.indexOf(queued);
        if (index < 0) return;
        this.resendPool.splice(index, 1);
        this.buffer.push(queued);
        this.kick();
      });
    });
  }

  private record(body: string, batch: QueuedEvent[], kind: WebhookDelivery['kind'], duplicateOf: string | null): WebhookDelivery {
    const delivery: WebhookDelivery = {
      id: `whd_${++this.sequence}`,
      kind,
      duplicateOf,
      body,
      events: batch.map(({ event, resent }) => ({
        eventId: event.eventId,
        kind: event.kind,
        wamid: event.kind === 'status' ? event.status.id : event.kind === 'echo' ? event.echo.id : event.message.id,
        status: event.kind === 'status' ? event.status.status : null,
        phoneNumberId: event.phoneNumberId,
        resent,
      })),
      attempts: [],
      state: 'pending',
      createdAt: this.deps.clock.now(),
      deliveredAt: null,
      retriedForMs: 0,
    };
    this.deliveries.push(delivery);
    if (this.deliveries.length > MAX_LOGGED_DELIVERIES) {
      const oldestFinished = this.deliveries.findIndex((d) => d.state !== 'pending');
      if (oldestFinished >= 0) this.deliveries.splice(oldestFinished, 1);
    }
    return delivery;
  }

  private attemptAfter(delivery: WebhookDelivery, delayMs: number): void {
    this.deps.scheduler.after(delayMs, () => void this.attempt(delivery));
  }

  private async attempt(delivery: WebhookDelivery): Promise<void> {
    if (this.closed || delivery.state !== 'pending') return;
    const release = this.deps.scheduler.hold();
    try {
      const config = this.deps.config();
      const at = this.deps.clock.now();
      const url = config.webhookUrl;
      const secret = signingSecret(config.appSecret);
      const result = url
        ? await this.deps.post(
            url,
            delivery.body,
            {
              'content-type': 'application/json',
              'user-agent': 'facebookexternalua',
              'x-hub-signature': legacyHubSignature(delivery.body, secret),
              'x-hub-signature-256': hubSignature(delivery.body, secret),
            },
            config.webhookTimeoutMs,
          )
        : { statusCode: null, responseBody: '', error: 'no webhook url configured', durationMs: 0 };
      if (this.closed || delivery.state !== 'pending') return;
      delivery.attempts.push({ at, ...result });
      if (result.statusCode === 200) {
        delivery.state = 'delivered';
        delivery.deliveredAt = this.deps.clock.now();
        return;
      }
      const retry = config.webhookRetry;
      const next = retryDelayMs(delivery.attempts.length, retry);
      if (delivery.retriedForMs + next > retry.maxAgeMs) {
        delivery.state = 'abandoned';
        this.deps.log(`webhook ${delivery.id} abandoned after ${delivery.attempts.length} attempts`);
        return;
      }
      delivery.retriedForMs += next;
      this.deps.log(`webhook ${delivery.id} got ${result.statusCode ?? result.error}; retry #${delivery.attempts.length} in ${next} ms (nominal)`);
      this.attemptAfter(delivery, next * config.timeScale);
    } finally {
      release();
    }
  }
}

function postKey(batch: QueuedEvent[]): string {
  return batch
    .map((q) => q.event.eventId)
    .sort()
    .join(',');
}
