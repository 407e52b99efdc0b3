import { QUEUE_NAMES, type QueueName } from '@sendbook/queue';
import type { AppConfig } from '../config/config.schema.js';

// Everything Sendbook does in the background, declared once: the queues and their jobs (with the
// payload each must carry), the periodic tasks (which process runs them, how often), the LISTEN
// channel and the PostgreSQL triggers. Code that runs a task or handles a job names it from here;
// `GET /v1/system/jobs` and the table in docs/ARCHITECTURE.md are made from this file.

/** A process runs the API (`api`), the workers (`worker`) or both (`ROLE=all`). */
export type ProcessRole = 'api' | 'worker';

export interface JobSpec<T> {
  readonly what: string;
  /** The payload, or why it is not one: a job Redis holds is input from outside this process. */
  readonly parse: (data: unknown) => T | { readonly invalid: string };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);
const record = (data: unknown): Record<string, unknown> | null =>
  typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>) : null;

/** Every job of every queue. PostgreSQL rows are the truth; a job only says which row to look at. */
export const JOBS = {
  [QUEUE_NAMES.outbound]: {
    send: {
      what: 'Sends one outbox row (job id = row id, due at its `not_before`, at its priority).',
      parse: (data: unknown) => {
        const id = record(data)?.messageId;
        return isUuid(id) ? { messageId: id } : { invalid: 'messageId must be a row id' };
      },
    } satisfies JobSpec<{ messageId: string }>,
    'send-batch': {
      what: 'Sends the rows of one batch enqueued together, each still claimed on its own.',
      parse: (data: unknown) => {
        const ids = record(data)?.messageIds;
        return Array.isArray(ids) && ids.length > 0 && ids.every(isUuid)
          ? { messageIds: ids as string[] }
          : { invalid: 'messageIds must be one or more row ids' };
      },
    } satisfies JobSpec<{ messageIds: string[] }>,
  },
  [QUEUE_NAMES.webhooks]: {
    process: {
      what: 'Applies one stored webhook delivery: each event claimed once, in the transaction of its effects.',
      parse: (data: unknown) => {
        const id = record(data)?.deliveryId;
        return isUuid(id) ? { deliveryId: id } : { invalid: 'deliveryId must be a delivery id' };
      },
    } satisfies JobSpec<{ deliveryId: string }>,
  },
} as const satisfies Record<QueueName, Record<string, JobSpec<unknown>>>;

type Jobs = typeof JOBS;
export type JobName<Q extends QueueName> = keyof Jobs[Q] & string;
/** A job's payload once checked: what `parse` returns for a valid one. */
export type JobPayload<Q extends QueueName> = {
  [N in keyof Jobs[Q]]: Jobs[Q][N] extends { parse: (data: unknown) => infer R } ? Exclude<R, { readonly invalid: string }> : never;
}[keyof Jobs[Q]];

export interface PeriodicSpec {
  readonly owner: string;
  readonly runsIn: readonly ProcessRole[];
  /** How often; null: run on demand only (by the code that owns it). */
  readonly everyMs: ((config: AppConfig) => number) | null;
  /** Also once as soon as the process has started. */
  readonly atStart?: boolean;
  readonly what: string;
}

const HOURLY = () => 3_600_000;

/** Every periodic task. Each runs on a local timer in each process of its roles, one run at a time per process. */
export const PERIODIC_TASKS = {
  'outbox.sweep': {
    owner: 'outbox',
    runsIn: ['worker'],
    everyMs: (c) => c.outbox.sweepIntervalMs,
    atStart: true,
    what: 'Gives every due `queued` row without a job its job (a lost add, a Redis flush).',
  },
  'outbox.expire': {
    owner: 'outbox',
    runsIn: ['worker'],
    everyMs: (c) => c.outbox.expireIntervalMs,
    atStart: true,
    what: 'Cancels `queued` and `held` rows past their `expires_at` (`last_error.code` `expired`, one `message.state_changed` each); a send that finds its row expired does the same at once.',
  },
  'outbox.purge': {
    owner: 'outbox',
    runsIn: ['worker'],
    everyMs: HOURLY,
    what: 'Deletes finished rows past their purpose OUTBOUND_RETENTION (never under its dedupe window); other rows stay.',
  },
  'webhooks.sweep': {
    owner: 'webhooks',
    runsIn: ['worker'],
    everyMs: (c) => c.webhooks.sweepIntervalMs,
    atStart: true,
    what: 'Enqueues every stored delivery that never got a job.',
  },
  'webhooks.catch_up': {
    owner: 'webhooks',
    runsIn: ['worker'],
    everyMs: null,
    what: 'The same sweep of everything stored, when LISTEN notifications may have been missed (the relay starting or re-listening).',
  },
  'webhooks.takeover': {
    owner: 'webhooks',
    runsIn: ['worker'],
    everyMs: (c) => c.webhooks.sweepIntervalMs,
    atStart: true,
    what: 'Takes over deliveries whose worker died (the lease in PostgreSQL, not Redis, says so).',
  },
  'webhooks.parked': {
    owner: 'webhooks',
    runsIn: ['worker'],
    everyMs: (c) => c.webhooks.parkedRetryMs,
    what: 'Retries statuses that arrived before their message had a wamid; expires those that never match.',
  },
  'webhooks.partitions': {
    owner: 'webhooks',
    runsIn: ['worker'],
    everyMs: (c) => c.webhooks.partitionIntervalMs,
    atStart: true,
    what: "Makes the daily partitions of webhook_deliveries, webhook_event_claims and message_status_events 3 days ahead (moving what a default partition caught into its day's) and drops whole partitions past their retention: bodies past WEBHOOK_BODY_RETENTION_DAYS unless one is unprocessed or undismissed poison (an alert says so), claims past WEBHOOK_KEY_RETENTION_DAYS (at least 8), status events past STATUS_EVENT_RETENTION_DAYS unless one is still parked.",
  },
  'metrics.flush': {
    owner: 'metrics',
    runsIn: ['api', 'worker'],
    everyMs: (c) => c.metrics.flushIntervalMs,
    what: "Writes this process's counters and job timings to PostgreSQL.",
  },
  'metrics.sample': {
    owner: 'metrics',
    runsIn: ['worker'],
    everyMs: (c) => c.metrics.sampleIntervalMs,
    what: 'Samples the queue-health figures for the Health page and evaluates the alert rules.',
  },
  'metrics.purge': {
    owner: 'metrics',
    runsIn: ['worker'],
    everyMs: (c) => c.metrics.purgeIntervalMs,
    what: "Folds counters' old minutes into all-time totals; keeps metric samples' daily partitions (made ahead, dropped whole past METRICS_RETENTION_DAYS).",
  },
  'templates.sync': {
    owner: 'templates',
    runsIn: ['worker'],
    everyMs: (c) => c.templates.syncIntervalMs,
    atStart: true,
    what: "Replaces the WABA's template registry with what Meta lists (only with WHATSAPP_BUSINESS_ACCOUNT_ID).",
  },
  'numbers.profile_sync': {
    owner: 'numbers',
    runsIn: ['worker'],
    everyMs: (c) => c.numbers.profileSyncIntervalMs,
    atStart: true,
    what: "Reads each business number's profile, quality and messaging limit from Meta.",
  },
  'campaigns.write': {
    owner: 'campaigns',
    runsIn: ['worker'],
    everyMs: () => 500,
    atStart: true,
    what: "Writes running campaigns' stored recipients into the outbox, 1,000 rows per INSERT, recording how far each got (a writer that dies resumes there; the dedupe keys make a batch written twice insert nothing); marks campaigns completed when nothing is left to go.",
  },
  'staff.end_lapsed_sessions': {
    owner: 'staff',
    runsIn: ['api'],
    everyMs: (c) => c.auth.sessionSweepMs,
    what: 'Ends sessions past their idle or absolute limit and closes their live streams.',
  },
  'staff.purge_login_attempts': { owner: 'staff', runsIn: ['api'], everyMs: HOURLY, what: 'Deletes sign-in failures past the throttle window.' },
  'presence.refresh': {
    owner: 'events',
    runsIn: ['api'],
    everyMs: (c) => Math.max(500, Math.floor(c.presence.graceMs / 3)),
    what: 'Marks the staff whose inbox tabs this process serves as still online, and says who went offline (no tab heard from within PRESENCE_GRACE_MS).',
  },
  'media.keep_inbound': {
    owner: 'conversations',
    runsIn: ['worker'],
    everyMs: (c) => c.media.keepIntervalMs,
    atStart: true,
    what: "Downloads customers' media into the media store (also at once when a message with media is stored), so it outlives Meta's 7 days; retries failed downloads.",
  },
  'conversations.wake_snoozed': {
    owner: 'conversations',
    runsIn: ['worker'],
    everyMs: (c) => c.conversations.snoozeWakeIntervalMs,
    atStart: true,
    what: 'Wakes snoozed conversations whose time has come: back in the Open list, audited (the customer writing wakes one at once instead).',
  },
  'conversations.assign': {
    owner: 'conversations',
    runsIn: ['worker'],
    everyMs: (c) => c.conversations.teamWorkIntervalMs,
    atStart: true,
    what: 'Drains the backlogs of teams that assign automatically, oldest first, to available online members with room (someone came online or became available), and takes conversations from assignees silent past the reassignment time. Closing, unassigning and a new customer message drain at once instead.',
  },
  'conversations.response_targets': {
    owner: 'conversations',
    runsIn: ['worker'],
    everyMs: (c) => c.conversations.teamWorkIntervalMs,
    what: "Marks customers waiting past their team's response target: a `waiting_customer` work item and a `conversation.sla_breached` event, in the transaction of the mark.",
  },
  'conversations.out_of_office': {
    owner: 'conversations',
    runsIn: ['worker'],
    everyMs: (c) => c.conversations.teamWorkIntervalMs,
    atStart: true,
    what: 'Enqueues out-of-office replies owed by a process that died before it could (the dedupe key names the closed period: one per conversation per period).',
  },
  'media.purge': {
    owner: 'media',
    runsIn: ['worker'],
    everyMs: HOURLY,
    what: 'Deletes kept files past MEDIA_RETENTION_DAYS, their rows first, then their bytes.',
  },
  'integrator_events.deliver': {
    owner: 'integrator-events',
    runsIn: ['worker'],
    everyMs: (c) => c.integratorEvents.pollIntervalMs,
    what: 'Claims due event deliveries and POSTs them to integrators (signed, retried with backoff).',
  },
  'integrator_events.partitions': {
    owner: 'integrator-events',
    runsIn: ['worker'],
    everyMs: (c) => c.integratorEvents.partitionIntervalMs,
    atStart: true,
    what: "Makes the daily partitions of integrator_events, event_deliveries and event_delivery_attempts (all three by the event's day) 3 days ahead (moving what a default partition caught into its day's; an alert while one holds rows) and drops a day past EVENT_RETENTION_DAYS from the three at once, unless one of its deliveries is still owed.",
  },
  'integrator_events.forget_secrets': {
    owner: 'integrator-events',
    runsIn: ['worker'],
    everyMs: HOURLY,
    what: 'Forgets previous signing secrets past the overlap a rotation gave them.',
  },
} as const satisfies Record<string, PeriodicSpec>;

export type PeriodicTaskName = keyof typeof PERIODIC_TASKS;

/** PostgreSQL LISTEN channels a process keeps open. */
export const LISTENERS = [
  {
    channel: 'sendbook_webhook_deliveries',
    owner: 'webhooks',
    runsIn: ['worker'] as readonly ProcessRole[],
    what: 'A stored delivery is announced at once (its id), so its job is added without waiting for a sweep.',
  },
] as const;

/** Triggers in the database (defined by migrations); they turn row changes into integrator events in the same transaction. */
export const TRIGGERS = [
  {
    name: 'integrator_events_outbound',
    on: 'INSERT ON outbound_message_events',
    what: '`message.state_changed` for each transition of a message; `message.failed`, `work_item.opened` and `work_item.resolved` when it enters or leaves a work queue.',
  },
  {
    name: 'integrator_events_inbound_inserted',
    on: 'INSERT ON inbound_attributions',
    what: '`inbound.received` (and `inbound.attributed` when tied to a message).',
  },
  { name: 'integrator_events_inbound_reattributed', on: 'UPDATE ON inbound_attributions', what: '`inbound.attributed` when a reply is attributed by hand.' },
  { name: 'integrator_events_message_decided', on: 'INSERT ON audit_events', what: '`work_item.resolved` when someone decides on a message by hand.' },
  {
    name: 'integrator_events_conversation_audited',
    on: 'INSERT ON audit_events',
    what: '`conversation.assigned` for every assignment, `conversation.sla_breached` and the `waiting_customer` work item opened and resolved.',
  },
  { name: 'integrator_events_alert_opened', on: 'INSERT ON alerts', what: '`work_item.opened` for an alert.' },
  { name: 'integrator_events_alert_resolved', on: 'UPDATE ON alerts', what: '`work_item.resolved` for an alert.' },
  {
    name: 'integrator_events_delivery_poisoned',
    on: 'UPDATE OF state ON webhook_deliveries',
    what: '`work_item.opened` for a webhook body that could not be processed.',
  },
  {
    name: 'integrator_events_delivery_replayed',
    on: 'UPDATE OF state ON webhook_deliveries',
    what: '`work_item.resolved` when a poison delivery is replayed.',
  },
  { name: 'integrator_events_delivery_dismissed', on: 'INSERT ON audit_events', what: '`work_item.resolved` when a poison delivery is dismissed.' },
  {
    name: 'integrator_events_fan_out',
    on: 'INSERT ON integrator_events',
    what: 'Owes each new event to every endpoint that takes it: its type, and the business number, purpose and campaign its filter names (`event_endpoint_accepts`).',
  },
] as const;

/** Whether a process of `role` runs work declared for `runsIn`. */
export function runsHere(role: AppConfig['role'], runsIn: readonly ProcessRole[]): boolean {
  return role === 'all' || runsIn.includes(role);
}
