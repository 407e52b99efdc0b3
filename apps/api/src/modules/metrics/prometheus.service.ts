import { Inject, Injectable } from '@nestjs/common';
import { distribution, parsePricingLabel } from '@sendbook/queue';
import { Counter, Gauge, Registry } from 'prom-client';
import { Clock } from '../../common/clock.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { ReadDatabase } from '../../database/replica/read-database.js';
import type { AppConfig } from '../../config/config.schema.js';
import { AlertsService } from '../alerts/alerts.service.js';
import { SendingPolicy } from '../policy/sending-policy.service.js';
import { COUNTERS, CountersRepository } from './counters.repository.js';
import { DeliveryGapsRepository } from './delivery-gaps.repository.js';
import { LiveFiguresService } from './live-figures.service.js';
import { POOLS, PRICING_COUNTERS, RECORDED, WEBHOOK_COUNTERS } from './metric-names.js';
import { MetricsRecorder } from './metrics-recorder.service.js';
import { PoolFiguresService } from './pool-figures.service.js';

/**
 * GET /metrics. Figures come from PostgreSQL and Redis, so they are the system's, not this
 * process's (scrape one API instance, or take max() across them); only the ack histogram is
 * per process. Labels stay few: purpose, field, state, pool, reason, error code, pricing category
 * and the handful of business phone_number_ids; never a wamid, a customer's number or a campaign.
 */
@Injectable()
export class PrometheusService {
  constructor(
    private readonly live: LiveFiguresService,
    private readonly pools: PoolFiguresService,
    private readonly counters: CountersRepository,
    private readonly gaps: DeliveryGapsRepository,
    private readonly alerts: AlertsService,
    private readonly recorder: MetricsRecorder,
    private readonly policy: SendingPolicy,
    private readonly reads: ReadDatabase,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  contentType(): string {
    return this.recorder.processRegistry.contentType;
  }

  async render(): Promise<string> {
    const now = this.clock.now();
    const r = new Registry();
    const gauge = (name: string, help: string, labelNames: string[] = []) => new Gauge({ name, help, labelNames, registers: [r] });
    const counter = (name: string, help: string, labelNames: string[] = []) => new Counter({ name, help, labelNames, registers: [r] });

    const [live, totals, gaps, alertsOpen] = await Promise.all([
      this.live.read(now),
      this.counters.allTimeTotals(),
      this.gaps.gaps(new Date(now.getTime() - this.config.metrics.windowMs), now),
      this.alerts.openCount(),
    ]);
    const labeledCounter = (metric: string, name: string, help: string, label: string) => {
      const c = counter(name, help, [label]);
      for (const [value, n] of Object.entries(totals.get(metric) ?? {})) c.inc({ [label]: value }, n);
    };

    gauge('sendbook_outbox_stuck_sending', 'Rows in sending longer than STUCK_SENDING_AFTER_MS: each a possible duplicate').set(live.stuckSending);
    labeledCounter(COUNTERS.dedupeRejected, 'sendbook_outbox_dedupe_rejected_total', 'Writes rejected by the dedupe_key constraint', 'purpose');
    labeledCounter(
      WEBHOOK_COUNTERS.duplicateEvent,
      'sendbook_webhook_duplicate_events_total',
      "Webhook events we already had (Meta's duplicates), skipped",
      'field',
    );
    gauge('sendbook_inbound_unattributed', 'Inbound messages stored without message or conversation attribution (work queue)').set(live.unattributedInbound);
    const gap = distribution(gaps.map((g) => g.gapMs));
    const delivered = gauge('sendbook_sent_to_delivered_seconds', "Sent→delivered gap by Meta's timestamps over METRICS_WINDOW_MS", ['quantile']);
    if (gap.p50 !== null) delivered.set({ quantile: '0.5' }, gap.p50 / 1000);
    if (gap.p95 !== null) delivered.set({ quantile: '0.95' }, gap.p95 / 1000);
    gauge('sendbook_sent_to_delivered_count', 'Messages delivered in METRICS_WINDOW_MS with both statuses known').set(gap.count);

    const pool = {
      arrivals: gauge('sendbook_pool_arrival_rate', 'λ: jobs arriving per second (served + backlog growth) over METRICS_WINDOW_MS', ['pool']),
      service: gauge('sendbook_pool_mean_service_seconds', 'S: mean service time of a job', ['pool']),
      workers: gauge('sendbook_pool_workers', 'c: configured concurrency × worker processes that reported', ['pool']),
      rho: gauge('sendbook_pool_utilisation', 'ρ = λ·S/c; at or above 1 the backlog grows', ['pool']),
      backlog: gauge('sendbook_pool_backlog', 'Jobs waiting for a worker', ['pool']),
      wait: gauge('sendbook_pool_mean_wait_seconds', "Mean wait for a worker (Little's law)", ['pool']),
    };
    for (const name of POOLS) {
      const f = await this.pools.figures(name, live.queues[name], now);
      pool.arrivals.set({ pool: name }, f.arrivalRatePerS);
      if (f.meanServiceMs !== null) pool.service.set({ pool: name }, f.meanServiceMs / 1000);
      pool.workers.set({ pool: name }, f.workers);
      if (f.utilisation !== null) pool.rho.set({ pool: name }, f.utilisation);
      pool.backlog.set({ pool: name }, f.backlog);
      if (f.meanWaitMs !== null) pool.wait.set({ pool: name }, f.meanWaitMs / 1000);
    }

    const byState = gauge('sendbook_outbox_rows', 'Outbox rows by state (open states and failed)', ['state']);
    for (const [state, n] of Object.entries(live.rowsByState)) byState.set({ state }, n);
    const byNumber = gauge('sendbook_outbox_open_rows', 'Rows not yet sent, per business number', ['phone_number_id']);
    for (const [number, n] of Object.entries(live.openByNumber)) byNumber.set({ phone_number_id: number }, n);
    const outcomes = counter('sendbook_send_outcomes_total', 'Send attempts by outcome and error code', ['outcome', 'code']);
    for (const [label, n] of Object.entries(totals.get(RECORDED.sendOutcome) ?? {})) {
      const [outcome = '', code = ''] = label.split(':');
      outcomes.inc({ outcome, code }, n);
    }
    labeledCounter(RECORDED.sendsAccepted, 'sendbook_sends_accepted_total', 'Sends Meta accepted, per business number', 'phone_number_id');
    const cap = gauge('sendbook_number_rate_cap', "A business number's throughput cap (messages/s), to compare sendbook_sends_accepted_total's rate with", [
      'phone_number_id',
    ]);
    for (const number of new Set([...Object.keys(totals.get(RECORDED.sendsAccepted) ?? {}), ...Object.keys(live.openByNumber)]))
      cap.set({ phone_number_id: number }, this.policy.effectiveRate(number).configured);
    // Per category and number only: campaigns and countries would multiply the series without bound.
    const billable = counter(
      'sendbook_billable_messages_total',
      'Messages Meta priced as billable (pricing.billable on their first priced status), per pricing category and business number',
      ['category', 'phone_number_id'],
    );
    for (const [label, n] of Object.entries(totals.get(PRICING_COUNTERS.pricedMessages) ?? {})) {
      const priced = parsePricingLabel(label);
      if (priced?.billable) billable.inc({ category: priced.category, phone_number_id: priced.phoneNumberId }, n);
    }
    labeledCounter(
      WEBHOOK_COUNTERS.signatureRejected,
      'sendbook_webhook_signature_rejected_total',
      'Webhook POSTs refused for a missing or invalid signature',
      'reason',
    );
    labeledCounter(WEBHOOK_COUNTERS.poison, 'sendbook_webhook_poison_total', 'Webhook deliveries set aside as poison', 'reason');
    gauge('sendbook_webhook_poison_deliveries', 'Poison deliveries kept as work items').set(live.poisonDeliveries);
    gauge('sendbook_webhook_parked_statuses', 'Statuses parked until the message they name is known').set(live.parkedStatuses);
    const paused = gauge('sendbook_sending_paused', 'Active sending pauses', ['scope', 'phone_number_id']);
    for (const p of live.paused) paused.set({ scope: p.scope, phone_number_id: p.phone_number_id ?? '' }, 1);
    gauge('sendbook_alerts_open', 'Open alert work items').set(alertsOpen);
    const queue = gauge('sendbook_queue_jobs', 'BullMQ jobs by pool and state', ['pool', 'state']);
    for (const [name, c] of Object.entries(live.queues))
      for (const state of ['waiting', 'active', 'delayed'] as const) queue.set({ pool: name, state }, c[state]);

    this.replicaFigures(gauge, counter);

    return (await r.metrics()) + (await this.recorder.processRegistry.metrics());
  }

  /** This process's reads through ReadDatabase, when a replica is configured: served by it, and fallen back to the primary by why. */
  private replicaFigures(gauge: (name: string, help: string) => Gauge, counter: (name: string, help: string, labelNames: string[]) => Counter): void {
    const replica = this.reads.figures();
    if (!replica.configured) return;
    gauge('sendbook_replica_available', '1 while this API process reads from the replica; 0 while it reads the primary after a replica failure').set(
      replica.available ? 1 : 0,
    );
    counter('sendbook_replica_reads_total', 'Reads the replica served, in this API process', []).inc(replica.servedByReplica);
    const fallbacks = counter(
      'sendbook_replica_fallbacks_total',
      "Reads that could have gone to the replica and were served by the primary, in this API process: unavailable (the replica failed lately), failed (it failed this read), lagging (it had not replayed the reader's own last write within DATABASE_READ_WAIT_MS), unknown_position (Redis could not say what the reader last wrote)",
      ['reason'],
    );
    for (const [reason, n] of Object.entries(replica.fallbacks)) fallbacks.inc({ reason }, n);
  }
}
