import type { EntityMetadata } from 'typeorm';

/**
 * Maps rows returned by hand-written SQL (`RETURNING *`) to entity property names, using the
 * entity's own metadata so column renames cannot drift.
 */
export function mapRawRow<T>(metadata: EntityMetadata, raw: Record<string, unknown>): T {
  const out: Record<string, unknown> = {};
  for (const column of metadata.columns) {
    if (column.databaseName in raw) out[column.propertyName] = raw[column.databaseName];
  }
  return out as T;
}
