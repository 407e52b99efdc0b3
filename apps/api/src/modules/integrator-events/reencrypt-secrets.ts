import type { DataSource } from 'typeorm';
import type { SecretBox } from '../../common/crypto/secret-box.js';
import { queryRows } from '../../database/query-rows.js';
import type { StoredPreviousSecret } from './event-endpoint.entity.js';

/**
 * Seals every event endpoint's signing secrets with the current key: after a key rotation, or to
 * seal secrets stored before sealing began. Each endpoint's current secret and the previous ones
 * still kept after a secret rotation. A row is rewritten only if it still holds what was read. The
 * only stored secrets Sendbook reads back; passwords and API keys are hashes. Counts endpoints.
 */
export async function reencryptSecrets(dataSource: DataSource, box: SecretBox): Promise<{ resealed: number; current: number }> {
  const rows = await queryRows<{ id: string; secret: string; previous: StoredPreviousSecret[] }>(
    dataSource,
    `SELECT id, secret, previous_secrets AS previous FROM event_endpoints`,
  );
  let resealed = 0;
  for (const row of rows) {
    if (box.isCurrent(row.secret) && row.previous.every((p) => box.isCurrent(p.secret))) continue;
    const reseal = (stored: string) => (box.isCurrent(stored) ? stored : box.seal(box.open(stored)));
    const updated = await queryRows<{ id: string }>(
      dataSource,
      `UPDATE event_endpoints SET secret = $2, previous_secrets = $3::jsonb WHERE id = $1 AND secret = $4 AND previous_secrets = $5::jsonb RETURNING id`,
      [row.id, reseal(row.secret), JSON.stringify(row.previous.map((p) => ({ ...p, secret: reseal(p.secret) }))), row.secret, JSON.stringify(row.previous)],
    );
    resealed += updated.length;
  }
  return { resealed, current: rows.length - resealed };
}
