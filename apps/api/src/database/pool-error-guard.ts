import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type { Pool, PoolClient } from 'pg';
import { DataSource } from 'typeorm';
import { JsonLogger } from '../common/logging/json-logger.js';

/**
 * A PostgreSQL connection that dies while checked out can emit 'error' twice: TypeORM's query
 * runner handles the first and drops its listener, and the second (the socket closing) would
 * have no listener at all and crash the process. Every pooled client gets one lasting listener
 * that logs; the broken connection is still discarded by the pool and its query still fails.
 */
@Injectable()
export class PoolErrorGuard implements OnApplicationBootstrap {
  private readonly guarded = new WeakSet<PoolClient>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly logger: JsonLogger,
  ) {}

  onApplicationBootstrap(): void {
    const pool = (this.dataSource.driver as unknown as { master?: Pool }).master;
    pool?.on('acquire', (client) => {
      if (this.guarded.has(client)) return;
      this.guarded.add(client);
      client.on('error', (error) => this.logger.event('warn', 'database.connection_error', { error }));
    });
  }
}
