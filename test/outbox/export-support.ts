import type { DataSource } from 'typeorm';
import { TEST_SECRETS } from '../support/test-env.js';

/** Meta's pricing as the seeded statuses carry it (the export shows its four fields). */
export const SEEDED_PRICING = { billable: true, pricing_model: 'PMP', type: 'regular', category: 'marketing' } as const;

const SEED_SLICE = 20_000;

export interface SeedOptions {
  /** How many rows, and a prefix that makes their dedupe keys and wamids unique to this seed. */
  readonly count: number;
  readonly prefix: string;
  /** The first row's created_at; each next row `stepUs` microseconds later. */
  readonly from: Date;
  readonly stepUs?: number;
  /** Rows share a created_at in groups of this many (ids then order them). */
  readonly sameTime?: number;
  /** Who enqueued them (`api_key:<id>`); null: nobody named. */
  readonly createdBy?: string | null;
  /** One row in this many gets a `delivered` status carrying pricing (0: none). */
  readonly pricedEvery?: number;
  /**
   * For volume: rows without wamid and trigger_ref (two fewer index entries each) and without the
   * search terms the insert trigger would write (nothing an export reads), about four times faster.
   */
  readonly light?: boolean;
}

/**
 * Outbound rows written straight into the table with one INSERT … SELECT generate_series: a seed for
 * volume, not the code under test. States cycle through sent, delivered, read and failed with the
 * times each would have; one in `pricedEvery` gets a status event with pricing, as a webhook keeps it.
 */
export async function seedOutbound(db: DataSource, o: SeedOptions): Promise<void> {
  if (o.light) await db.query(`ALTER TABLE outbound_messages DISABLE TRIGGER outbound_search_terms_insert`);
  try {
    // In slices: one INSERT of 200,000 rows outlasted the app's 15 s statement timeout on a loaded CI machine.
    for (let first = 1; first <= o.count; first += SEED_SLICE)
      await db.query(
        `INSERT INTO outbound_messages (dedupe_key, "to", to_wa_id, purpose, trigger_ref, payload, content_hash, phone_number_id, state, attempts, wamid,
                                      not_before, created_at, updated_at, accepted_at, sent_at, delivered_at, read_at, failed_at, last_error, created_by, retain_until)
       SELECT $1 || g, '+' || wa, wa, 'bulk_export', CASE WHEN NOT $8 THEN 'orders/' || g END,
              jsonb_build_object('type', 'text', 'text', jsonb_build_object('body', 'Order ' || g || ' is on its way, "as promised", see you soon')),
              md5($1 || g), $2, st, 1, CASE WHEN NOT $8 THEN 'wamid.HBgMEXPORT' || upper(md5($1 || g)) END,
              at, at, at + interval '1 second', at + interval '100 milliseconds', at + interval '1 second',
              CASE WHEN st IN ('delivered', 'read') THEN at + interval '2 seconds' END,
              CASE WHEN st = 'read' THEN at + interval '3 seconds' END,
              CASE WHEN st = 'failed' THEN at + interval '1 second' END,
              CASE WHEN st = 'failed' THEN '{"code": 131026, "title": "Message undeliverable", "message": "Message undeliverable", "details": null}'::jsonb END,
              $3, at + interval '400 days'
         FROM (SELECT g, (972500000000 + g % 5000)::text AS wa,
                      $4::timestamptz + ((g - 1) / $5) * $6 * interval '1 microsecond' AS at,
                      (ARRAY['sent', 'delivered', 'read', 'failed'])[1 + g % 4] AS st
                 FROM generate_series($9::int, $7::int) g) x`,
        [
          o.prefix,
          TEST_SECRETS.phoneNumberId,
          o.createdBy ?? null,
          o.from.toISOString(),
          o.sameTime ?? 1,
          o.stepUs ?? 1000,
          Math.min(o.count, first + SEED_SLICE - 1),
          o.light ?? false,
          first,
        ],
      );
  } finally {
    if (o.light) await db.query(`ALTER TABLE outbound_messages ENABLE TRIGGER outbound_search_terms_insert`);
  }
  if (o.pricedEvery) {
    await db.query(
      `INSERT INTO message_status_events (event_key, delivery_id, message_id, phone_number_id, wamid, status, occurred_at, received_at, pricing, raw, match_state, merge_result, matched_at)
       SELECT 'st:' || m.id || ':delivered', gen_random_uuid(), m.id, m.phone_number_id, COALESCE(m.wamid, 'wamid.' || m.id), 'delivered', m.created_at + interval '2 seconds', m.created_at + interval '3 seconds',
              $2::jsonb, jsonb_build_object('status', 'delivered', 'pricing', $2::jsonb), 'matched', 'advanced', now()
         FROM outbound_messages m
        WHERE m.dedupe_key LIKE $1 || '%' AND substr(m.dedupe_key, length($1) + 1)::int % $3 = 0`,
      [o.prefix, JSON.stringify(SEEDED_PRICING), o.pricedEvery],
    );
  }
}

/** An export's whole body as text, with its status and headers. */
export async function exportText(url: string, headers: Record<string, string>): Promise<{ status: number; headers: Headers; text: string }> {
  const res = await fetch(url, { headers });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

/** The lines of a JSONL body, parsed. */
export function jsonLines(text: string): Record<string, unknown>[] {
  if (text === '') return [];
  expect(text.endsWith('\n')).toBe(true);
  return text
    .slice(0, -1)
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** A strict RFC 4180 reader (the test's own, independent of the writer): records of fields. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let i = 0;
  while (i < text.length) {
    const fields: string[] = [];
    for (;;) {
      let field = '';
      if (text[i] === '"') {
        i++;
        for (;;) {
          if (i >= text.length) throw new Error('unterminated quoted field');
          if (text[i] === '"' && text[i + 1] === '"') {
            field += '"';
            i += 2;
          } else if (text[i] === '"') {
            i++;
            break;
          } else field += text[i++];
        }
      } else {
        while (i < text.length && text[i] !== ',' && text[i] !== '\r' && text[i] !== '\n') {
          if (text[i] === '"') throw new Error(`a bare double quote at ${i}`);
          field += text[i++];
        }
      }
      fields.push(field);
      if (text[i] === ',') {
        i++;
        continue;
      }
      if (text[i] === '\r' && text[i + 1] === '\n') {
        i += 2;
        break;
      }
      throw new Error(`record not ended by CRLF at ${i}: ${JSON.stringify(text.slice(i, i + 20))}`);
    }
    records.push(fields);
  }
  return records;
}

/** What a CSV field holds for a JSON value, as the export documents it (written here from the docs, not the code). */
export function expectedCsvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}
