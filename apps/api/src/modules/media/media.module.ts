import { Module, type DynamicModule } from '@nestjs/common';
import { perRole } from '../../common/modules/per-role.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig, Role } from '../../config/config.schema.js';
import { WhatsappModule } from '../whatsapp/whatsapp.module.js';
import { MediaFilesRepository } from './media-files.repository.js';
import { MediaPurge } from './media-purge.service.js';
import { FolderMediaStore, MEDIA_STORE } from './media-store.js';
import { MediaService } from './media.service.js';
import { UploadsController } from './uploads.controller.js';

/** Sendbook's own copy of the files of conversations: uploads to send, customers' media kept. */
@Module({})
export class MediaModule {
  static readonly forRole = perRole((role: Role): DynamicModule => ({
    module: MediaModule,
    imports: [WhatsappModule],
    controllers: role === 'worker' ? [] : [UploadsController],
    providers: [
      MediaFilesRepository,
      MediaService,
      { provide: MEDIA_STORE, inject: [APP_CONFIG], useFactory: (config: AppConfig) => new FolderMediaStore(config.media.dir) },
      ...(role === 'api' ? [] : [MediaPurge]),
    ],
    exports: [MediaService],
  }));
}
