import { Processor } from '@nestjs/bullmq';
import { Inject } from '@nestjs/common';
import { QUEUE_NAMES } from '@sendbook/queue';
import { DelayedError, type Job } from 'bullmq';
import { Clock } from '../../../common/clock.js';
import { JsonLogger } from '../../../common/logging/json-logger.js';
import { ConfiguredWorkerHost } from '../../../common/queue/configured-worker-host.js';
import { APP_CONFIG } from '../../../config/config.module.js';
import type { AppConfig } from '../../../config/config.schema.js';
import { OutboundSender } from '../outbound-sender.service.js';
import { Semaphore } from '../../../common/batching/semaphore.js';
import { OutboxDispatcher } from '../outbox-dispatcher.service.js';
import { aheadOfFresh, type OutboundJobData } from '../outbound-jobs.js';
import type { SendRowOutcome } from '../outbound-sender.service.js';
import { SendOutcomes } from '../send-outcomes.service.js';

/**
 * Thin: a job holds one row id or a batch of them (outboundJobs); the sender holds the rules, one
 * row at a time. At most SEND_CONCURRENCY rows are being sent at once, however they came.
 */
@Processor(QUEUE_NAMES.outbound, { autorun: false })
export class OutboundProcessor extends ConfiguredWorkerHost {
  protected readonly name = 'outbox';

  constructor(
    private readonly sender: OutboundSender,
    protected readonly logger: JsonLogger,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {
    super();
  }

  /** Sends wait on the network: many at once per process. */
  protected concurrency(): number {
    return this.config.outbox.sendConcurrency;
  }

  /** Send outcomes by error code and per number for the health figures (property-injected). */
  @Inject(SendOutcomes)
  private readonly outcomes!: SendOutcomes;

  @Inject(OutboxDispatcher)
  private readonly dispatcher!: OutboxDispatcher;

  private sendSlots: Semaphore | null = null;
  /** Set when the process begins to close: rows of a batch not yet started go back to the queue. */
  private draining = false;

  private get slots(): Semaphore {
    return (this.sendSlots ??= new Semaphore(this.concurrency()));
  }

  process(job: Job<OutboundJobData>, token?: string): Promise<string> {
    const data = job.data;
    if ('messageIds' in data) return this.sendBatch(job, data.messageIds);
    return this.slots.run(() => this.measured(() => this.sendRow(job, data.messageId, token)));
  }

  override async beforeApplicationShutdown(signal?: string): Promise<void> {
    this.draining = true;
    await super.beforeApplicationShutdown(signal);
  }

  /**
   * Each row as its own job would be sent, side by side within the send slots. A row that must
   * wait, and a row not yet started when the process began to close, each get their own job
   * (waiters just ahead of fresh jobs of their priority); a row that threw stays `queued` for the
   * sweeper, after the others are done.
   */
  private async sendBatch(job: Job<OutboundJobData>, ids: readonly string[]): Promise<string> {
    const settled = await Promise.allSettled(ids.map((id) => this.slots.run<BatchRowOutcome>(() => (this.draining ? Promise.resolve(HANDED_BACK) : this.measured(() => this.sender.send(id))))));
    const back: { id: string; at: number }[] = [];
    const waiting: { id: string; at: number }[] = [];
    settled.forEach((result, i) => {
      if (result.status !== 'fulfilled') return;
      const outcome = result.value;
      if (outcome === HANDED_BACK) return back.push({ id: ids[i]!, at: Date.now() });
      this.outcomes.record(outcome);
      if (outcome.kind === 'requeued') waiting.push({ id: ids[i]!, at: this.bullmqTime(outcome.notBefore) });
    });
    const priority = Number(job.priority);
    try {
      await Promise.all([this.dispatcher.requeue(waiting, aheadOfFresh(priority)), this.dispatcher.requeue(back, priority)]);
    } finally {
      // Whatever the requeue did, the sweeper gives any row still `queued` without a job its own.
      await this.dispatcher.leftBatch(ids).catch((error: unknown) => this.logger.event('warn', 'outbox.batch_marks_left', { rows: ids.length, error: String(error), note: 'they expire on their own' }));
    }
    const failed = settled.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    return `${ids.length - back.length} of ${ids.length} rows tried`;
  }

  private async sendRow(job: Job<OutboundJobData>, messageId: string, token?: string): Promise<string> {
    const outcome = await this.sender.send(messageId);
    this.outcomes.record(outcome);
    if (outcome.kind === 'requeued' && token) {
      // Back before the jobs not yet tried, once its wait is over (aheadOfFresh).
      const priority = Number(job.priority);
      if (priority > 0 && aheadOfFresh(priority) !== priority) await job.changePriority({ priority: aheadOfFresh(priority) });
      // Same job, same id, later: re-adding a job with this id while it is active would be ignored.
      await job.moveToDelayed(this.bullmqTime(outcome.notBefore), token);
      throw new DelayedError();
    }
    return outcome.kind === 'done' ? outcome.decision : outcome.kind;
  }

  /** BullMQ counts in real time; `notBefore` is on our clock (which a test may have moved). */
  private bullmqTime(notBefore: Date): number {
    return Date.now() + Math.max(0, notBefore.getTime() - this.clock.now().getTime());
  }
}

/** A batch row left untried because the process is closing. */
const HANDED_BACK = Symbol('handed back');
type BatchRowOutcome = SendRowOutcome | typeof HANDED_BACK;
