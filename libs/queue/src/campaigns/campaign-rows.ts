import { isBsuid, normalizeE164 } from '@sendbook/whatsapp';
import type { CsvRecord } from '@sendbook/api-contract';

/** A row of a campaign's upload before it is checked: who, and the template's variables. */
export interface CampaignInputRow {
  line: number;
  to?: string;
  recipient?: string;
  variables: string[];
  /** Why the row cannot be read at all (a CSV line with the wrong number of fields). */
  problem?: string;
}

/** A recipient the campaign will write: normalised once, as the outbox stores it. */
export interface CampaignRecipientRow {
  line: number;
  to: string;
  waId: string;
  isBsuid: boolean;
  variables: string[];
}

export interface RefusedRow {
  line: number;
  reason: string;
}

/** Column names that say who a row goes to: a phone number (`phone`, `to`) or a business-scoped user id (`recipient`). */
export const RECIPIENT_COLUMNS = ['phone', 'to', 'recipient'] as const;

/** Meta refuses a text parameter longer than this (and an empty one). */
export const MAX_VARIABLE_LENGTH = 1024;

/**
 * A CSV upload as input rows: the header names the recipient column (`phone`, `to` or `recipient`)
 * and the variables. `mapping` lists the columns for the template's variables in order ({{1}},
 * {{2}}, … or the named parameters); without it every other column is a variable, in header order.
 */
export function csvCampaignRows(
  records: readonly CsvRecord[],
  mapping: readonly string[] | null,
): { ok: true; rows: CampaignInputRow[]; variableColumns: string[] } | { ok: false; field: string; reason: string } {
  const header = records[0];
  if (!header) return { ok: false, field: 'body', reason: 'the CSV is empty: give a header line and one line per recipient' };
  const names = header.fields.map((f) => f.trim());
  const lower = names.map((n) => n.toLowerCase());
  const recipientAt = lower.findIndex((n) => (RECIPIENT_COLUMNS as readonly string[]).includes(n));
  if (recipientAt < 0) return { ok: false, field: 'body', reason: 'the header has no phone, to or recipient column' };
  const bsuidColumn = lower[recipientAt] === 'recipient';
  let variableAt: number[];
  if (mapping && mapping.length > 0) {
    variableAt = [];
    for (const column of mapping) {
      const at = names.findIndex((n) => n === column.trim());
      if (at < 0) return { ok: false, field: 'variables', reason: `names a column the header does not have: ${column}` };
      variableAt.push(at);
    }
  } else {
    variableAt = names.map((_, i) => i).filter((i) => i !== recipientAt);
  }
  const rows = records.slice(1).map((r): CampaignInputRow => {
    const who = (r.fields[recipientAt] ?? '').trim();
    const variables = variableAt.map((i) => r.fields[i] ?? '');
    const row: CampaignInputRow = { line: r.line, variables };
    if (r.fields.length !== names.length) row.problem = `has ${r.fields.length} fields, the header ${names.length}`;
    if (bsuidColumn) row.recipient = who;
    else row.to = who;
    return row;
  });
  return { ok: true, rows, variableColumns: variableAt.map((i) => names[i]!) };
}

/**
 * Every row checked: a recipient that is a phone number or a business-scoped user id, exactly
 * `variableCount` variables, none empty or too long, and no recipient twice (a later row is a
 * duplicate of the first). Nothing is dropped silently: each row is accepted or refused with a reason.
 */
export function checkCampaignRows(rows: readonly CampaignInputRow[], variableCount: number): { accepted: CampaignRecipientRow[]; refused: RefusedRow[] } {
  const checker = campaignRowChecker(variableCount);
  checker.add(rows);
  return checker.result();
}

/**
 * The same check fed a part at a time (a caller that must not hold its event loop for a 100,000-row
 * upload checks a few thousand, yields, and goes on); a duplicate is found across the parts.
 */
export function campaignRowChecker(variableCount: number) {
  const accepted: CampaignRecipientRow[] = [];
  const refused: RefusedRow[] = [];
  const firstLine = new Map<string, number>();
  return {
    add(rows: readonly CampaignInputRow[]): void {
      for (const row of rows) {
        const reason = rowProblem(row, variableCount);
        if (typeof reason === 'string') {
          refused.push({ line: row.line, reason });
          continue;
        }
        const earlier = firstLine.get(reason.waId);
        if (earlier !== undefined) {
          refused.push({ line: row.line, reason: `duplicate of line ${earlier}: the same recipient` });
          continue;
        }
        firstLine.set(reason.waId, row.line);
        accepted.push({ line: row.line, ...reason, variables: row.variables.map((v) => v.trim()) });
      }
    },
    result(): { accepted: CampaignRecipientRow[]; refused: RefusedRow[] } {
      return { accepted, refused };
    },
  };
}

function rowProblem(row: CampaignInputRow, variableCount: number): string | { to: string; waId: string; isBsuid: boolean } {
  if (row.problem) return row.problem;
  let who: { to: string; waId: string; isBsuid: boolean };
  if (row.recipient !== undefined) {
    const id = row.recipient.trim();
    if (id === '') return 'no recipient';
    if (!isBsuid(id)) return `recipient is not a business-scoped user id (CC.<letters and digits>): ${id}`;
    who = { to: id, waId: id, isBsuid: true };
  } else {
    const raw = (row.to ?? '').trim();
    if (raw === '') return 'no phone number';
    const phone = normalizeE164(raw);
    if (!phone.ok) return `not a valid phone number (${phone.reason}): ${raw}`;
    who = { to: phone.e164, waId: phone.waId, isBsuid: false };
  }
  if (row.variables.length !== variableCount) return `has ${row.variables.length} variables, the template needs ${variableCount}`;
  for (const [i, v] of row.variables.entries()) {
    const value = v.trim();
    if (value === '') return `variable {{${i + 1}}} is empty`;
    if (value.length > MAX_VARIABLE_LENGTH) return `variable {{${i + 1}}} is longer than ${MAX_VARIABLE_LENGTH} characters`;
    if (/[\n\t]| {5,}/.test(value)) return `variable {{${i + 1}}} has a line break, a tab or more than four spaces in a row (Meta refuses them)`;
  }
  return who;
}

/**
 * The dedupe key of a campaign's message to one recipient: the campaign and the recipient, nothing
 * else, so writing the campaign again (a resubmitted file, a writer resumed after a crash) finds the key taken.
 */
export function campaignDedupeKey(campaignId: string, waId: string): string {
  return `${campaignDedupeKeyPrefix(campaignId)}${waId}`;
}

export function campaignDedupeKeyPrefix(campaignId: string): string {
  return `campaign:${campaignId}:`;
}

/** The template send for one recipient: body parameters in order, named when the template's are. */
export function campaignTemplatePayload(
  template: { name: string; language: string },
  variables: readonly string[],
  parameterNames: readonly string[] | null = null,
): Record<string, unknown> {
  const parameters = variables.map((text, i) =>
    parameterNames && parameterNames[i] !== undefined ? { type: 'text', parameter_name: parameterNames[i], text } : { type: 'text', text },
  );
  return {
    type: 'template',
    template: {
      name: template.name,
      language: { code: template.language },
      ...(parameters.length > 0 ? { components: [{ type: 'body', parameters }] } : {}),
    },
  };
}
