import type { MigrationInterface, QueryRunner } from 'typeorm';
import { sqlFile } from '../sql-file.js';

/**
 * Integrator events are written by triggers on the tables every effect already writes, in the
 * statement (so the transaction) of the change: an event exists exactly when its change
 * committed, and no future effect site can forget one. Statement-level triggers with transition
 * tables cost one cheap EXISTS per statement while no endpoint subscribes, whatever the batch.
 * Each snapshot is the row as the change left it; the delivery worker presents it with the
 * resource's own presenter (integrator-events/event-payload.presenter.ts), one shape for both.
 *
 * Events are written while any endpoint takes their type. Deliveries are owed to enabled endpoints
 * and to ones Sendbook disabled for failing (they resume when re-enabled); an endpoint an admin
 * disabled is owed nothing meanwhile (`recover` fetches it).
 */
export class IntegratorEventTriggers1796191000000 implements MigrationInterface {
  name = 'IntegratorEventTriggers1796191000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(sqlFile('1796191000000-integrator-event-triggers.up.sql'));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(sqlFile('1796191000000-integrator-event-triggers.down.sql'));
  }
}
