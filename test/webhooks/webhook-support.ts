import { randomUUID } from 'node:crypto';
import { signBody } from '@sendbook/whatsapp';
import type { DataSource } from 'typeorm';
import { TEST_SECRETS } from '../support/test-env.js';

export const PHONE_NUMBER_ID = TEST_SECRETS.phoneNumberId;

/** POSTs exact bytes to the webhook endpoint, signed with the app secret unless told otherwise. */
export async function postWebhook(baseUrl: string, body: string | Buffer, options: { signature?: string | null } = {}): Promise<Response> {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const signature = options.signature === undefined ? signBody(bytes, TEST_SECRETS.appSecret) : options.signature;
  if (signature !== null) headers['x-hub-signature-256'] = signature;
  return fetch(`${baseUrl}/webhooks/whatsapp`, { method: 'POST', headers, body: new Uint8Array(bytes) });
}

export interface StatusSpec {
  wamid: string;
  status: string;
  timestamp: number;
  callbackData?: string;
  errors?: unknown[];
  recipientId?: string;
}

export function statusItem(s: StatusSpec): Record<string, unknown> {
  return {
    id: s.wamid,
    status: s.status,
    timestamp: String(s.timestamp),
    recipient_id: s.recipientId ?? '16505551234',
    ...(s.callbackData ? { biz_opaque_callback_data: s.callbackData } : {}),
    ...(s.status === 'sent' ? { conversation: { id: 'conv-1', expiration_timestamp: String(s.timestamp + 86400), origin: { type: 'utility' } } } : {}),
    ...(s.status === 'sent' ? { pricing: { billable: true, pricing_model: 'PMP', type: 'regular', category: 'utility' } } : {}),
    ...(s.errors ? { errors: s.errors } : {}),
  };
}

/** A `messages` envelope, as Meta batches it. */
export function envelope(value: { statuses?: Record<string, unknown>[]; messages?: Record<string, unknown>[]; contacts?: Record<string, unknown>[] }): string {
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: TEST_SECRETS.businessAccountId,
        changes: [
          {
            field: 'messages',
            value: { messaging_product: 'whatsapp', metadata: { display_phone_number: '15550783881', phone_number_id: PHONE_NUMBER_ID }, ...value },
          },
        ],
      },
    ],
  });
}

export function textMessage(wamid: string, text: string, from = '16505551234', timestamp = 1751247548): Record<string, unknown> {
  return { from, id: wamid, timestamp: String(timestamp), type: 'text', text: { body: text } };
}

/** An outbound row as the outbox leaves it, written directly (a factory, not the code under test). */
export async function insertOutbound(db: DataSource, row: { state?: string; wamid?: string | null; toWaId?: string } = {}): Promise<string> {
  const id = randomUUID();
  const toWaId = row.toWaId ?? '16505551234';
  await db.query(
    `INSERT INTO outbound_messages (id, dedupe_key, "to", to_wa_id, purpose, payload, content_hash, phone_number_id, state, wamid, retain_until, sending_started_at)
     VALUES ($1, $2, $3, $4, 'test', '{"type":"text","text":{"body":"hi"}}', 'h', $5, $6, $7, now() + interval '90 days', now())`,
    [id, `wh-test-${id}`, `+${toWaId}`, toWaId, PHONE_NUMBER_ID, row.state ?? 'accepted', row.wamid === undefined ? `wamid.${id}` : row.wamid],
  );
  return id;
}

export async function outbound(db: DataSource, id: string): Promise<Record<string, unknown>> {
  const rows = await db.query(`SELECT * FROM outbound_messages WHERE id = $1`, [id]);
  return rows[0];
}

export async function count(db: DataSource, sql: string, params: unknown[] = []): Promise<number> {
  const rows = await db.query(`SELECT count(*)::int AS n FROM (${sql}) x`, params);
  return rows[0].n;
}

export async function counter(db: DataSource, metric: string, label?: string): Promise<number> {
  const rows = await db.query(`SELECT COALESCE(SUM(count), 0)::int AS n FROM metric_counters WHERE metric = $1 AND ($2::text IS NULL OR label = $2)`, [
    metric,
    label ?? null,
  ]);
  return rows[0].n;
}

/** Every stored delivery has been processed (or set aside). */
export async function allProcessed(db: DataSource): Promise<boolean> {
  return (await count(db, `SELECT 1 FROM webhook_deliveries WHERE state = 'received'`)) === 0;
}

export const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
