import type { DataSource } from 'typeorm';
import type { SecretBox } from '../../common/crypto/secret-box.js';
import { queryRows } from '../../database/query-rows.js';

/**
 * Seals every event endpoint's signing secret with the current key: after a key rotation, or to
 * seal secrets stored before sealing began. A row is rewritten only if it still holds what was
 * read. The only stored secret Sendbook reads back; passwords and API keys are hashes.
 */
export async function reencryptSecrets(dataSource: DataSource, box: SecretBox): Promise<{ resealed: number; current: number }> {
  const rows = await queryRows<{ id: string; secret: string }>(dataSource, `SELECT id, secret FROM event_endpoints`);
  let resealed = 0;
  for (const row of rows) {
    if (box.isCurrent(row.secret)) continue;
    const updated = await queryRows<{ id: string }>(dataSource, `UPDATE event_endpoints SET secret = $2 WHERE id = $1 AND secret = $3 RETURNING id`, [
      row.id,
      box.seal(box.open(row.secret)),
      row.secret,
    ]);
    resealed += updated.length;
  }
  return { resealed, current: rows.length - resealed };
}
