import { Global, Module, type DynamicModule } from '@nestjs/common';
import { Clock } from './clock.js';
import { FactBus } from './facts/domain-facts.js';
import { JsonLogger } from './logging/json-logger.js';

/** Process-wide services every module may inject: the logger, the clock and the bus of domain facts. */
@Global()
@Module({})
export class CommonModule {
  static forRoot(logger: JsonLogger, clock: Clock): DynamicModule {
    return {
      module: CommonModule,
      providers: [{ provide: JsonLogger, useValue: logger }, { provide: Clock, useValue: clock }, FactBus],
      exports: [JsonLogger, Clock, FactBus],
    };
  }
}
