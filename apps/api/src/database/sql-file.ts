import { readFileSync } from 'node:fs';

/**
 * The text of a versioned SQL file in `apps/api/src/database/sql/`: trigger and function bodies a
 * migration applies. Read from the sources whether the migration runs from them (tests) or from
 * dist: one file per migration and direction, never shared, so a landed migration stays as it ran.
 */
export function sqlFile(name: string): string {
  return readFileSync(new URL(`../../src/database/sql/${name}`, import.meta.url), 'utf8');
}
