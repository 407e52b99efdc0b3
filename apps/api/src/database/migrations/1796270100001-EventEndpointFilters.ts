import type { MigrationInterface, QueryRunner } from 'typeorm';
import { sqlFile } from '../sql-file.js';

/**
 * Endpoints' filters (business numbers, purposes, campaigns), applied where deliveries are made:
 * one trigger on integrator_events fans each event out to the endpoints `event_endpoint_accepts`
 * says take it, and the producer triggers only write events.
 */
export class EventEndpointFilters1796270100001 implements MigrationInterface {
  name = 'EventEndpointFilters1796270100001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(sqlFile('1796270100001-event-endpoint-filters.up.sql'));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(sqlFile('1796270100001-event-endpoint-filters.down.sql'));
  }
}
