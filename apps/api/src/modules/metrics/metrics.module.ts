import { Global, Module } from '@nestjs/common';
import { CountersRepository } from './counters.repository.js';

@Global()
@Module({ providers: [CountersRepository], exports: [CountersRepository] })
export class MetricsModule {}
