// How one status webhook event changes an outbound row: which states it may advance from (rank
// order from libs/whatsapp; `failed` wins and is final) and which timestamp column records Meta's
// own time for it. Pure; the repository turns this into the SQL WHERE.
import type { RowError } from '@sendbook/queue';
import { isMessageState, mergeStatus, MESSAGE_STATES, statusRank, type WebhookError } from '@sendbook/whatsapp';

/** Statuses Meta sends that move a row; anything else (legacy `deleted`, `warning`) is history only. */
export const APPLICABLE_STATUSES = ['sent', 'delivered', 'read', 'played', 'failed'] as const;
export type ApplicableStatus = (typeof APPLICABLE_STATUSES)[number];

export function isApplicableStatus(status: string): status is ApplicableStatus {
  return (APPLICABLE_STATUSES as readonly string[]).includes(status);
}

export const TIMESTAMP_COLUMN: Readonly<Record<ApplicableStatus, string>> = {
  sent: 'sent_at',
  delivered: 'delivered_at',
  read: 'read_at',
  played: 'played_at',
  failed: 'failed_at',
};

/**
 * The states a row may be in for `incoming` to become its new state: every state ranked lower,
 * never `failed` (final). `held` is a decision of a person and sits outside the ladder: statuses
 * are recorded for it but never move it. (`cancelled` is read as `accepted` by mergeIntoRow.)
 */
export function advanceableFrom(incoming: string): string[] {
  if (!isMessageState(incoming) || incoming === 'queued' || incoming === 'sending' || incoming === 'accepted') return [];
  const target = statusRank(incoming)!;
  return MESSAGE_STATES.filter((s) => s !== 'failed' && statusRank(s)! < target);
}

/** Meta's Unix seconds as a Date, or null. */
export function fromUnixSeconds(seconds: number | null): Date | null {
  return seconds === null || !Number.isFinite(seconds) ? null : new Date(seconds * 1000);
}

/** The row's `last_error` for a failed status: the first error Meta gave, in the outbox's shape. */
export function rowErrorOf(errors: readonly WebhookError[]): RowError {
  const first = errors[0];
  if (!first) return { code: null, title: 'failed', message: 'Meta reported the message as failed without an error', details: null };
  const title = first.title ?? first.message ?? 'failed';
  return { code: first.code, title, message: first.message ?? title, details: first.details };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** biz_opaque_callback_data is our row id when we sent the message; anything else is not ours. */
export function callbackRowId(bizOpaqueCallbackData: string | null): string | null {
  return bizOpaqueCallbackData !== null && UUID.test(bizOpaqueCallbackData) ? bizOpaqueCallbackData.toLowerCase() : null;
}

/** An outbound row a status names, as locked for the delivery's transaction; merges change it in memory. */
export interface StatusRow {
  id: string;
  state: string;
  wamid: string | null;
  /** Meta's time per status (`sent_at`, …), first one kept. */
  times: Record<ApplicableStatus, Date | null>;
  /** Set when a `failed` status moved the row: its new `last_error`. */
  lastError: RowError | null;
  /** Meta's pricing object from the latest status that carried one (null: none yet). */
  pricing: Record<string, unknown> | null;
  /** Something of the row differs from what was locked (it needs writing). */
  changed: boolean;
}

export interface StatusIncoming {
  status: string;
  /** '' when Meta named no message id. */
  wamid: string;
  at: Date;
  errors: readonly WebhookError[];
  /** The status's `pricing` object as Meta sent it, when it had one. */
  pricing?: Record<string, unknown> | null;
}

export interface StatusMerge {
  /** What the merge did (message_status_events.merge_result). */
  result: string;
  /** The row moved: from, to, and the error a `failed` left. */
  transition: { from: string; to: ApplicableStatus; error: RowError | null } | null;
}

/**
 * One status onto a row in memory, as the one-status-at-a-time SQL does it (advance, else record
 * the facts): the state moves only up the rank (libs/whatsapp mergeStatus, from the states
 * `advanceableFrom` allows), Meta's first time per status is kept, a missing wamid is healed.
 * Applied in delivery order, statuses out of order inside one delivery end where they would one by one.
 */
export function mergeIntoRow(row: StatusRow, incoming: StatusIncoming): StatusMerge {
  const applicable = isApplicableStatus(incoming.status) ? incoming.status : null;
  const wamid = incoming.wamid === '' ? null : incoming.wamid;
  // A status names only a row that was sent (its wamid, or our id as callback data): a row a person
  // cancelled while it was sending reached Meta after all, and moves on as if it had been accepted.
  const ladder = row.state === 'cancelled' ? 'accepted' : row.state;
  const merge = isMessageState(ladder) ? mergeStatus(ladder, incoming.status) : { apply: false, reason: 'not_on_ladder' as const };
  if (wamid !== null && row.wamid === null) {
    row.wamid = wamid;
    row.changed = true;
  }
  // The latest word on what the message costs (a later status may carry it when an earlier did not).
  if (incoming.pricing && JSON.stringify(incoming.pricing) !== JSON.stringify(row.pricing)) {
    row.pricing = incoming.pricing;
    row.changed = true;
  }
  if (applicable && row.times[applicable] === null) {
    row.times[applicable] = incoming.at;
    row.changed = true;
  }
  if (merge.apply && applicable && advanceableFrom(applicable).includes(ladder)) {
    const error = applicable === 'failed' ? rowErrorOf(incoming.errors) : null;
    const transition = { from: row.state, to: applicable, error };
    row.state = applicable;
    if (error) row.lastError = error;
    row.changed = true;
    return { result: merge.reason, transition };
  }
  return { result: merge.apply ? 'stale' : merge.reason, transition: null };
}
