import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { JsonLogger } from '../common/logging/json-logger.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.schema.js';

/**
 * Behind a pooler in transaction mode the app cannot give its connections a statement timeout
 * (PgBouncer refuses it as a startup parameter, and a SET would stay on a server connection other
 * clients share): the pooler's side sets it (docs/OPERATIONS.md). At boot this reads the one a
 * pooled connection has and says so when it is not DATABASE_STATEMENT_TIMEOUT_MS; the client's own
 * time-out (DATABASE_QUERY_TIMEOUT_MS) still applies either way.
 */
@Injectable()
export class PoolerCheck implements OnApplicationBootstrap {
  constructor(
    private readonly dataSource: DataSource,
    private readonly logger: JsonLogger,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const { pooler, statementMs, namedStatements } = this.config.database;
    if (pooler === 'none') return;
    let serverMs: number;
    try {
      const rows = (await this.dataSource.query(`SELECT setting::int AS ms FROM pg_settings WHERE name = 'statement_timeout'`)) as { ms: number }[];
      serverMs = rows[0]?.ms ?? 0;
    } catch (error) {
      // A check, not a dependency: the process still starts, as it would without the pooler.
      this.logger.event('warn', 'database.pooler_check_failed', { error });
      return;
    }
    this.logger.event(serverMs === statementMs ? 'info' : 'warn', 'database.pooler', {
      pooler,
      named_statements: namedStatements,
      statement_timeout_ms: serverMs,
      ...(serverMs === statementMs
        ? {}
        : { expected_ms: statementMs, fix: "set statement_timeout on the pooler's server connections (docs/OPERATIONS.md, PgBouncer)" }),
    });
  }
}
