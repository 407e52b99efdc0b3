import type { Alert, EVENT_TYPES, Inbound, Message, RowError } from './contract.js';

/**
 * The events Sendbook POSTs to an endpoint, by type. The types themselves come from the contract
 * (`EventEndpoint.events`); their `data` is written here from the API's event presenter
 * (apps/api/src/modules/integrator-events/event-payload.presenter.ts), whose resources (Message,
 * Inbound, Alert) are the contract's. A type the contract gains and this map lacks fails the build.
 */
export type EventType = (typeof EVENT_TYPES)[number];

export type MessageState = Message['state'];

/** The conversation as an event snapshots it, after the change. */
export interface EventConversation {
  readonly id: string;
  readonly phone_number_id: string;
  readonly state: string;
  /** The staff member working it (`staff` id), or null. */
  readonly assignee: string | null;
  readonly contact: { readonly id: string; readonly wa_id: string | null; readonly user_id: string | null; readonly name: string | null };
  readonly waiting_since: string | null;
  readonly waiting_for: string | null;
  readonly response_due_at: string | null;
  readonly sla_breached_at: string | null;
  readonly labels: readonly string[];
}

export interface MessageStateChangedData {
  /** The message as the change left it. */
  readonly message: Message;
  readonly previous_state: MessageState | null;
  readonly trigger_ref: string | null;
  readonly reason: string | null;
}

export interface MessageFailedData extends MessageStateChangedData {
  readonly error: RowError | null;
}

export interface InboundReceivedData {
  readonly inbound: Inbound;
}

export interface InboundAttributedData {
  readonly inbound: Inbound;
  /** The outbound message it answers, when attributed to one. */
  readonly message: Message | null;
  readonly choice: Inbound['choice'];
  readonly context_wamid: Inbound['context_wamid'];
  readonly dedupe_key: string | null;
  readonly trigger_ref: string | null;
}

type WorkItemState = 'open' | 'resolved';

/** A work item opened or resolved, with the thing it is about. */
export type WorkItemData =
  | {
      readonly work_item: { readonly kind: 'failed' | 'held'; readonly id: string; readonly state: WorkItemState };
      readonly message: Message;
      readonly trigger_ref: string | null;
      readonly reason: string | null;
    }
  | { readonly work_item: { readonly kind: 'unattributed_inbound'; readonly id: string; readonly state: WorkItemState }; readonly inbound: Inbound }
  | {
      readonly work_item: { readonly kind: 'poison_webhook'; readonly id: string; readonly state: WorkItemState };
      /** The stored webhook delivery (`GET /v1/webhooks/deliveries/{id}` has it in full). */
      readonly delivery: { readonly id: string; readonly [column: string]: unknown };
      readonly reason: string | null;
    }
  | { readonly work_item: { readonly kind: 'alert'; readonly id: string; readonly title: string; readonly state: WorkItemState }; readonly alert: Alert }
  | {
      readonly work_item: { readonly kind: 'waiting_customer'; readonly id: string; readonly state: WorkItemState };
      readonly conversation: EventConversation;
      readonly details: unknown;
    };

export interface ConversationAssignedData {
  readonly conversation: EventConversation;
  readonly assignment: {
    /** Staff ids; null for "nobody". */
    readonly from: string | null;
    readonly to: string | null;
    readonly team_id: string | null;
    /** `auto`, `unanswered` (taken from a silent assignee), `by_hand`, … */
    readonly reason: string | null;
  };
  /** Who did it: `staff:<id>`, `api_key:<id>`, `system`. */
  readonly actor: string;
}

export interface ConversationSlaBreachedData {
  readonly conversation: EventConversation;
  readonly response: { readonly waiting_for: string; readonly waiting_since: string; readonly due_at: string };
  readonly team_id: string | null;
  readonly assignee: string | null;
}

/** `data` of each event type. */
export interface EventDataByType {
  'message.state_changed': MessageStateChangedData;
  'message.failed': MessageFailedData;
  'inbound.received': InboundReceivedData;
  'inbound.attributed': InboundAttributedData;
  'work_item.opened': WorkItemData;
  'work_item.resolved': WorkItemData;
  'conversation.assigned': ConversationAssignedData;
  'conversation.sla_breached': ConversationSlaBreachedData;
}

/** One event as POSTed: `id` is also the `webhook-id` header, the same on every retry, so dedupe on it. */
export type SendbookEvent<T extends EventType = EventType> = {
  [K in T]: { readonly id: string; readonly type: K; readonly created_at: string; readonly data: EventDataByType[K] };
}[T];
