import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** The readiness probe's one statement. */
@Injectable()
export class HealthRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** A round trip through the pool: PostgreSQL answers, or this throws. */
  async ping(): Promise<void> {
    await this.dataSource.query('SELECT 1');
  }
}
