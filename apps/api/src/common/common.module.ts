import { Global, Module, type DynamicModule } from '@nestjs/common';
import { Clock } from './clock.js';
import { JsonLogger } from './logging/json-logger.js';

/** Process-wide services every module may inject: the logger and the clock. */
@Global()
@Module({})
export class CommonModule {
  static forRoot(logger: JsonLogger, clock: Clock): DynamicModule {
    return {
      module: CommonModule,
      providers: [
        { provide: JsonLogger, useValue: logger },
        { provide: Clock, useValue: clock },
      ],
      exports: [JsonLogger, Clock],
    };
  }
}
