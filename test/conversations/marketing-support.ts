import { readFileSync } from 'node:fs';
import type { Sendbook } from '../support/sendbook.js';
import { waitFor } from '../support/wait-for.js';
import { postWebhook } from '../webhooks/webhook-support.js';

// Meta's documented `user_preferences` resume; a stop is the same item with `value: "stop"`.
const RESUME = readFileSync(new URL('../../libs/whatsapp/fixtures/user-preferences-marketing-resume-meta-docs.json', import.meta.url), 'utf8');

/**
 * A signed `user_preferences` webhook for this user at `timestamp` (Unix seconds), built from Meta's
 * example; a username-only user (2026) is named by its business-scoped `user_id`, without `wa_id`.
 */
export async function postPreference(sb: Sendbook, user: string | { userId: string }, value: 'stop' | 'resume', timestamp: number): Promise<void> {
  const body = JSON.parse(RESUME) as {
    entry: { changes: { value: { contacts: Record<string, unknown>[]; user_preferences: Record<string, unknown>[] } }[] }[];
  };
  const change = body.entry[0]!.changes[0]!.value;
  const id = typeof user === 'string' ? { wa_id: user } : { user_id: user.userId };
  change.contacts[0] = id;
  delete change.user_preferences[0]!.wa_id;
  Object.assign(change.user_preferences[0]!, {
    ...id,
    value,
    detail: value === 'stop' ? 'User requested to stop marketing messages' : 'User requested to resume marketing messages',
    timestamp,
  });
  const response = await postWebhook(sb.url, JSON.stringify(body));
  if (response.status !== 200) throw new Error(`the webhook answered ${response.status}`);
}

export async function contactOptOut(
  sb: Sendbook,
  waId: string,
): Promise<{ marketing_opt_out_at: Date | null; marketing_opt_out_source: string | null } | undefined> {
  const rows = (await sb.dataSource.query(`SELECT marketing_opt_out_at, marketing_opt_out_source FROM contacts WHERE wa_id = $1`, [waId])) as {
    marketing_opt_out_at: Date | null;
    marketing_opt_out_source: string | null;
  }[];
  return rows[0];
}

/** Waits until the webhook worker has marked the contact opted out. */
export function optedOut(sb: Sendbook, waId: string): Promise<void> {
  return waitFor(async () => Boolean((await contactOptOut(sb, waId))?.marketing_opt_out_at), { what: `${waId} opted out of marketing` });
}

/** A spring_sale template: MARKETING in the (simulated) registry. */
export const marketingPayload = (discount: string) => ({
  type: 'template',
  template: {
    name: 'spring_sale',
    language: { code: 'en' },
    components: [
      {
        type: 'body',
        parameters: [
          { type: 'text', text: 'Pablo' },
          { type: 'text', text: discount },
        ],
      },
    ],
  },
});
