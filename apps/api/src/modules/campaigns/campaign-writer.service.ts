import { Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { campaignDedupeKey, campaignTemplatePayload } from '@sendbook/queue';
import { BackgroundWork, type ScheduledTasks } from '../../background/background-work.service.js';
import { Clock } from '../../common/clock.js';
import { JsonLogger } from '../../common/logging/json-logger.js';
import { OutboxService } from '../outbox/outbox.service.js';
import { CampaignRecordsRepository } from './campaign-records.repository.js';
import { CampaignRunsService } from './campaign-runs.service.js';

/** Recipients per outbox INSERT. */
export const CAMPAIGN_WRITE_BATCH = 1_000;
/** A writer hands its campaign back after this long, so pauses and other campaigns get their turn. */
const PASS_BUDGET_MS = 2_000;
/**
 * A run goes round the campaigns again at once while one has rows left, up to this long: waiting
 * for the next tick after every pass left the writer idle an eighth of a large campaign's write.
 */
const RUN_BUDGET_MS = 10_000;

/**
 * In workers: turns stored recipients into outbox rows, a batch at a time, under the campaign's
 * row lock (SKIP LOCKED: one writer per campaign). Each batch's progress commits after its rows: a
 * worker that dies in between writes the batch again, and the dedupe keys make that write nothing.
 * Also marks campaigns completed once everything is written and nothing is left to go.
 */
@Injectable()
export class CampaignWriter implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly tasks: ScheduledTasks;
  private stopping = false;

  constructor(
    private readonly repo: CampaignRecordsRepository,
    private readonly runs: CampaignRunsService,
    private readonly outbox: OutboxService,
    private readonly clock: Clock,
    private readonly logger: JsonLogger,
    work: BackgroundWork,
  ) {
    this.tasks = work.tasks();
  }

  onApplicationBootstrap(): void {
    this.tasks.every('campaigns.write', () => this.writeAll());
  }

  onApplicationShutdown(): void {
    this.stopping = true;
    this.tasks.stopAll();
  }

  async writeAll(): Promise<{ written: number; completed: number }> {
    const started = Date.now();
    let written = 0;
    for (;;) {
      let batches = 0;
      for (const id of await this.repo.unwritten()) {
        const pass = await this.writeCampaign(id);
        written += pass.created;
        batches += pass.batches;
      }
      // Nothing moved (all paused, or another worker holds them), shutting down, or the run's time is up.
      if (batches === 0 || this.stopping || Date.now() - started > RUN_BUDGET_MS) break;
    }
    const completed = await this.repo.completeFinished(this.clock.now());
    for (const id of completed) this.logger.event('info', 'campaigns.completed', { campaign_id: id });
    return { written, completed: completed.length };
  }

  /** Batches of one campaign until it is written, paused, or the pass's time is up: how many, and rows created. */
  async writeCampaign(id: string): Promise<{ batches: number; created: number }> {
    const started = Date.now();
    let created = 0;
    let batches = 0;
    let names: string[] | null | undefined;
    for (;;) {
      const step = await this.repo.transaction(async (tx) => {
        const c = await this.repo.claimForWriting(tx, id);
        if (!c) return null;
        names ??= await this.runs.parameterNamesFor(c);
        const batch = await this.repo.nextRecipients(tx, c.id, c.rowsWritten, CAMPAIGN_WRITE_BATCH);
        if (batch.length === 0) return null;
        const purpose = c.templateCategory ? c.templateCategory.toLowerCase() : 'campaign';
        const result = await this.outbox.enqueuePrepared(
          batch.map((r) => ({
            dedupeKey: campaignDedupeKey(c.id, r.waId),
            to: r.to,
            waId: r.waId,
            purpose,
            campaign: c.name,
            payload: campaignTemplatePayload(c.template, r.variables, names ?? null),
            phoneNumberId: c.phoneNumberId,
            notBefore: c.notBefore,
          })),
          `campaign:${c.id}`,
          'enqueued by its campaign',
        );
        const through = batch[batch.length - 1]!.seq;
        await this.repo.recordWritten(tx, c.id, through, this.clock.now());
        this.logger.event('info', 'campaigns.batch_written', { campaign_id: c.id, through, created: result.created, existing: result.existing });
        return { created: result.created, done: through >= c.rowsTotal };
      });
      if (!step) break;
      created += step.created;
      batches += 1;
      if (step.done || Date.now() - started > PASS_BUDGET_MS) break;
    }
    return { batches, created };
  }
}
