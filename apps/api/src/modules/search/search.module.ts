import { Module, type DynamicModule } from '@nestjs/common';
import { perRole } from '../../common/modules/per-role.js';
import type { Role } from '../../config/config.schema.js';
import { TemplatesModule } from '../templates/templates.module.js';
import { SearchController } from './search.controller.js';
import { SearchRepository } from './search.repository.js';
import { SearchService } from './search.service.js';

/** Search across threads. Reads the conversations' and the outbox's tables, writes nothing; only the API serves it. */
@Module({})
export class SearchModule {
  static readonly forRole = perRole((role: Role): DynamicModule => ({
    module: SearchModule,
    imports: [TemplatesModule.forRole(role)],
    controllers: role === 'worker' ? [] : [SearchController],
    providers: [SearchRepository, SearchService],
  }));
}
