import { Processor } from '@nestjs/bullmq';
import { Inject } from '@nestjs/common';
import { QUEUE_NAMES } from '@sendbook/queue';
import { DelayedError, type Job } from 'bullmq';
import { Clock } from '../../../common/clock.js';
import { JsonLogger } from '../../../common/logging/json-logger.js';
import { ConfiguredWorkerHost } from '../../../common/queue/configured-worker-host.js';
import { APP_CONFIG } from '../../../config/config.module.js';
import type { AppConfig } from '../../../config/config.schema.js';
import { OutboundSender, type SendRowOutcome } from '../outbound-sender.service.js';
import { Semaphore } from '../../../common/batching/semaphore.js';
import { OutboxDispatcher } from '../outbox-dispatcher.service.js';
import { BackgroundWork } from '../../../background/background-work.service.js';
import { parseJob } from '../../../background/parse-job.js';
import { aheadOfFresh, type OutboundJobData } from '../outbound-jobs.js';
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
    work: BackgroundWork,
  ) {
    super();
    work.handles(QUEUE_NAMES.outbound, ['send', 'send-batch'], 'OutboundProcessor');
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
    const data = parseJob(QUEUE_NAMES.outbound, job.name, job.data);
    if ('messageIds' in data) return this.sendBatch(job, data.messageIds);
    return this.slots.run(() => this.measured(() => this.sendRow(job, data.messageId, token)), Number(job.priority));
  }

  override async beforeApplicationShutdown(signal?: string): Promise<void> {
    this.draining = true;
    await super.beforeApplicationShutdown(signal);
  }

  /**
   * Each row as its own job would be sent, side by side within the send slots, queued by priority
   * with the rows of every other job. This process keeps at most SEND_CONCURRENCY rows waiting for
   * a slot: the rest go back at once, each on its own job, so rows held here never stand between
   * Redis and a more urgent row (or another worker process). A row that must wait, and a row not
   * yet started when the process began to close, get their own jobs too (waiters just ahead of
   * fresh jobs of their priority); a row that threw stays `queued` for the sweeper.
   */
  private async sendBatch(job: Job<OutboundJobData>, ids: readonly string[]): Promise<string> {
    const rank = Number(job.priority);
    // Decided row by row, now: each `run` takes a slot or a place in line before the next row is
    // looked at. What does not fit goes back at once, for any worker to take.
    const taken: string[] = [];
    const overflow: string[] = [];
    const runs: Promise<BatchRowOutcome>[] = [];
    for (const id of ids) {
      if (!this.slots.free && this.slots.queued >= this.concurrency()) {
        overflow.push(id);
        continue;
      }
      taken.push(id);
      runs.push(this.slots.run<BatchRowOutcome>(() => (this.draining ? Promise.resolve(HANDED_BACK) : this.measured(() => this.sender.send(id))), rank));
    }
    const handOver = this.dispatcher
      .requeue(
        overflow.map((id) => ({ id, at: Date.now() })),
        rank,
      )
      .then(
        () => null,
        (error: unknown) => error,
      );
    const [settled, overflowed] = await Promise.all([Promise.allSettled(runs), handOver]);
    const back: { id: string; at: number }[] = [];
    const waiting: { id: string; at: number }[] = [];
    settled.forEach((result, i) => {
      if (result.status !== 'fulfilled') return;
      const outcome = result.value;
      if (outcome === HANDED_BACK) return back.push({ id: taken[i]!, at: Date.now() });
      this.outcomes.record(outcome);
      if (outcome.kind === 'requeued') waiting.push({ id: taken[i]!, at: this.bullmqTime(outcome.notBefore) });
    });
    try {
      await Promise.all([this.dispatcher.requeue(waiting, aheadOfFresh(rank)), this.dispatcher.requeue(back, rank)]);
    } finally {
      // Whatever the requeues did, the sweeper gives any row still `queued` without a job its own.
      await this.dispatcher
        .leftBatch(ids)
        .catch((error: unknown) =>
          this.logger.event('warn', 'outbox.batch_marks_left', { rows: ids.length, error: String(error), note: 'they expire on their own' }),
        );
    }
    if (overflowed) throw overflowed;
    const failed = settled.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    return `${taken.length - back.length} of ${ids.length} rows tried`;
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

/** A batch row left untried: this process has enough rows waiting, or is closing. */
const HANDED_BACK = Symbol('handed back');
type BatchRowOutcome = SendRowOutcome | typeof HANDED_BACK;
