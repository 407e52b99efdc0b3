import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { BackgroundWork, type ScheduledTasks } from '../../background/background-work.service.js';
import { Clock } from '../../common/clock.js';
import { DomainError } from '../../common/errors/domain-error.js';
import { JsonLogger } from '../../common/logging/json-logger.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';
import { MediaService } from '../media/media.service.js';
import { InboundMediaService } from './inbound-media.service.js';
import { InboundService } from './inbound.service.js';

/** Meta keeps a customer's media about 7 days: older messages are not looked at, and not retried past it. */
const META_KEEPS_MS = 7 * 86_400_000;
/** Messages committed out of order by a few seconds are still seen by the next scan. */
const SCAN_OVERLAP_MS = 60_000;
const SCAN_BATCH = 200;
const RETRY_BATCH = 50;

/**
 * Downloads every customer's photo, video, voice note and document into the media store once, soon
 * after it arrives, so the thread still shows it after Meta's 7 days. Bounded: MEDIA_KEEP_CONCURRENCY
 * downloads at once per worker, each cut off at MEDIA_MAX_BYTES. A download that fails is retried
 * with growing pauses while Meta may still have the file.
 */
@Injectable()
export class InboundMediaKeeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly tasks: ScheduledTasks;
  /** Messages created before this have all been looked at by this process (start: Meta's 7 days). */
  private scannedUntil: Date | null = null;

  constructor(
    private readonly media: MediaService,
    private readonly inbound: InboundService,
    private readonly inboundMedia: InboundMediaService,
    private readonly clock: Clock,
    private readonly logger: JsonLogger,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    work: BackgroundWork,
  ) {
    this.tasks = work.tasks();
  }

  onApplicationBootstrap(): void {
    this.tasks.every('media.keep_inbound', () => this.keepNew());
  }

  onApplicationShutdown(): void {
    this.tasks.stopAll();
  }

  /** One pass: messages since the last scan without a file, then failed downloads that are due. */
  async keepNew(): Promise<{ kept: number; failed: number }> {
    const now = this.clock.now();
    const floor = new Date(now.getTime() - META_KEEPS_MS);
    const since = this.scannedUntil && this.scannedUntil > floor ? this.scannedUntil : floor;
    const fresh = await this.media.inboundWithoutFile(since, SCAN_BATCH);
    const due = await this.media.inboundDue(now, RETRY_BATCH);
    const ids = [...new Set([...fresh.map((m) => m.id), ...due])];
    const outcomes = await eachBounded(ids, this.config.media.keepConcurrency, (id) => this.keep(id));
    // A full batch continues where it stopped; otherwise the next scan starts a little before now.
    this.scannedUntil = fresh.length === SCAN_BATCH ? fresh.at(-1)!.createdAt : new Date(now.getTime() - SCAN_OVERLAP_MS);
    const kept = outcomes.filter((o) => o === 'kept').length;
    const failed = outcomes.filter((o) => o === 'failed').length;
    if (kept + failed > 0) this.logger.event(failed > 0 ? 'warn' : 'info', 'media.inbound_kept', { kept, failed });
    return { kept, failed };
  }

  private async keep(inboundId: string): Promise<'kept' | 'failed' | 'skipped'> {
    // Gone since the scan (retention): nothing to keep.
    const message = await this.inbound.get(inboundId).catch(() => null);
    if (!message) return 'skipped';
    const arrived = message.createdAt.getTime();
    return this.media.keepInbound(
      inboundId,
      async () => {
        const file = await this.inboundMedia.fromMeta(message);
        return { body: file.body, mimeType: file.contentType, filename: file.filename };
      },
      (attempt, error) => {
        // A message without media never will have any; Meta's refusal past its 7 days is final.
        if (error instanceof DomainError && error.code === 'no_media') return null;
        const at = this.clock.now().getTime() + Math.min(2 ** attempt * 60_000, 6 * 3_600_000);
        return at < arrived + META_KEEPS_MS ? new Date(at) : null;
      },
    );
  }
}

/** `work` over `items`, at most `limit` at once; results in order. */
async function eachBounded<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}
