import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { BackgroundWork, type ScheduledTasks } from '../../background/background-work.service.js';
import { Clock } from '../../common/clock.js';
import { JsonLogger } from '../../common/logging/json-logger.js';
import { MEDIA_STORE, type MediaStore } from './media-store.js';
import { MediaFilesRepository } from './media-files.repository.js';

const BATCH = 500;

/** Files past MEDIA_RETENTION_DAYS go: the row first (nothing names the file any more), then its bytes. */
@Injectable()
export class MediaPurge implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly tasks: ScheduledTasks;

  constructor(
    private readonly files: MediaFilesRepository,
    @Inject(MEDIA_STORE) private readonly store: MediaStore,
    private readonly clock: Clock,
    private readonly logger: JsonLogger,
    work: BackgroundWork,
  ) {
    this.tasks = work.tasks();
  }

  onApplicationBootstrap(): void {
    this.tasks.every('media.purge', () => this.purge());
  }

  onApplicationShutdown(): void {
    this.tasks.stopAll();
  }

  async purge(): Promise<number> {
    let total = 0;
    for (;;) {
      const gone = await this.files.purge(this.clock.now(), BATCH);
      for (const id of gone) {
        // Bytes left behind by a failed remove are unreachable (no row names them), never served.
        await this.store.remove(id).catch((error: unknown) => this.logger.event('warn', 'media.purge_remove_failed', { file_id: id, error: String(error) }));
      }
      total += gone.length;
      if (gone.length < BATCH) return total;
    }
  }
}
