import { Global, Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { ReadDatabase } from './read-database.js';
import { ReadScopeInterceptor } from './read-scope.interceptor.js';
import { WrittenPositions } from './written-positions.js';

/** The read replica (DATABASE_READ_URL): ReadDatabase for every module's replica reads, and the per-request scope they route by. */
@Global()
@Module({
  providers: [WrittenPositions, ReadDatabase, { provide: APP_INTERCEPTOR, useClass: ReadScopeInterceptor }],
  exports: [ReadDatabase],
})
export class ReadReplicaModule {}
