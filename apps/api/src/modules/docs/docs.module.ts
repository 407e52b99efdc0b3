import { Module, type DynamicModule } from '@nestjs/common';
import type { Role } from '../../config/config.schema.js';
import { DocsController } from './docs.controller.js';

/** OpenAPI at /openapi.json and Swagger UI at /docs; HTTP only, nothing for workers. */
@Module({})
export class DocsModule {
  static forRole(role: Role): DynamicModule {
    return { module: DocsModule, controllers: role === 'worker' ? [] : [DocsController] };
  }
}
