/**
 * The module that writes each table; everyone else asks it to. A new state, audit field or
 * trigger of one of these tables is then found in one folder (table-owners.spec enforces it).
 */
export const TABLE_OWNERS: Readonly<Record<string, string>> = {
  outbound_messages: 'apps/api/src/modules/outbox/',
  outbound_message_events: 'apps/api/src/modules/outbox/',
  contacts: 'apps/api/src/modules/conversations/',
  conversations: 'apps/api/src/modules/conversations/',
  inbound_messages: 'apps/api/src/modules/conversations/',
  media_files: 'apps/api/src/modules/media/',
  media_meta_ids: 'apps/api/src/modules/media/',
  message_echoes: 'apps/api/src/modules/conversations/',
  teams: 'apps/api/src/modules/teams/',
  team_members: 'apps/api/src/modules/teams/',
  team_numbers: 'apps/api/src/modules/teams/',
  campaigns: 'apps/api/src/modules/campaigns/',
  campaign_recipients: 'apps/api/src/modules/campaigns/',
};

/** The tables a piece of SQL writes (INSERT, UPDATE, DELETE, MERGE, TRUNCATE), by name; `FOR UPDATE` locks and `DO UPDATE` upserts are not tables. */
export function tablesWritten(sql: string): string[] {
  const written = new Set<string>();
  const pattern =
    /\b(?:INSERT\s+INTO|(?<!\b(?:FOR|KEY|DO)\s+)UPDATE|DELETE\s+FROM|MERGE\s+INTO|TRUNCATE(?:\s+TABLE)?)\s+(?:ONLY\s+)?(?:"?public"?\.)?"?([a-z_][a-z0-9_]*)"?/gi;
  for (const match of sql.matchAll(pattern)) written.add(match[1]!.toLowerCase());
  return [...written];
}
