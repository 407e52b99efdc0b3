import type { AgentReply, CreateEventEndpoint, CreateMessage, Inbound, Message, RecoverEvents, RotateSecret, UpdateEventEndpoint } from './contract.js';
import type { Answer, QueryOf } from './operations.js';
import { Transport, type CallOptions, type SendbookClientOptions } from './transport.js';

/** A message to enqueue. `dedupe_key` names the business event (`order-44812:shipped:972501234567`): required, and what makes retries safe. */
export type SendMessage = CreateMessage & { readonly dedupe_key: string };
/** `{message, deduplicated}`: `deduplicated` is true when the key was already there (an earlier attempt of this call, or an earlier call). */
export type EnqueueResult = Answer<'createMessage'>;
export type BatchResult = Answer<'createMessageBatch'>;
export type BatchItemResult = BatchResult['results'][number];
/** A reply in a conversation. `client_request_id` makes it idempotent: required, so it can be retried. */
export type SendReply = AgentReply & { readonly client_request_id: string };
export type MessageQuery = QueryOf<'listMessages'>;
export type InboundQuery = QueryOf<'listInbound'>;
export type WorkItemQuery = QueryOf<'listWorkItems'>;
export type WorkItem = Answer<'listWorkItems'>['data'][number];
export type Page<T> = { readonly data: T[]; readonly next_cursor: string | null };

/**
 * Sendbook's REST API for an order system, typed by the API's own contract.
 *
 * ```ts
 * const sendbook = new SendbookClient({ baseUrl: 'http://localhost:3001', apiKey: process.env.SENDBOOK_API_KEY! });
 * const { message, deduplicated } = await sendbook.messages.enqueue({ dedupe_key: 'order-44812:shipped', to: '+972501234567', purpose: 'order_shipped', payload });
 * ```
 *
 * Calls that cannot do anything twice (sends with their `dedupe_key`, replies with their
 * `client_request_id`, cancels, reads) are retried on network errors, time-outs, 5xx and 429;
 * others are tried once. Failures throw a SendbookError.
 */
export class SendbookClient {
  readonly messages: Messages;
  readonly inbound: InboundMessages;
  readonly conversations: Conversations;
  readonly workItems: WorkItems;
  readonly eventEndpoints: EventEndpoints;

  constructor(options: SendbookClientOptions) {
    const transport = new Transport(options);
    this.messages = new Messages(transport);
    this.inbound = new InboundMessages(transport);
    this.conversations = new Conversations(transport);
    this.workItems = new WorkItems(transport);
    this.eventEndpoints = new EventEndpoints(transport);
  }
}

export class Messages {
  constructor(private readonly transport: Transport) {}

  /**
   * Enqueues one message (`POST /v1/messages`): `201` a new row, `200 deduplicated: true` when
   * the key is known with the same content (both resolve). Other content under the key is a
   * `dedupe_key_conflict` SendbookError whose `resource` is the existing row.
   */
  enqueue(message: SendMessage, options?: CallOptions): Promise<EnqueueResult> {
    return this.transport.call('createMessage', { body: message, idempotent: hasKey(message, 'dedupe_key') }, options);
  }

  /**
   * Enqueues up to 1,000 messages in one request (`POST /v1/messages/batch`). Each item succeeds or
   * fails alone: the answer has one result per item, in order (`created`, `deduplicated`,
   * `conflict`, `invalid` with `details`). A retried batch finds its earlier items `deduplicated`.
   */
  enqueueBatch(messages: readonly SendMessage[], options?: CallOptions): Promise<BatchResult> {
    return this.transport.call('createMessageBatch', { body: { messages }, idempotent: messages.every((m) => hasKey(m, 'dedupe_key')) }, options);
  }

  async get(id: string, options?: CallOptions): Promise<Message> {
    return (await this.transport.call('getMessage', { path: { id }, idempotent: true }, options)).message;
  }

  /** One page, newest first; `next_cursor` asks for the next. */
  list(query: MessageQuery = {}, options?: CallOptions): Promise<Page<Message>> {
    return this.transport.call('listMessages', { query, idempotent: true }, options);
  }

  /** Every message the query finds, page after page. */
  listAll(query: Omit<MessageQuery, 'cursor'> = {}, options?: CallOptions): AsyncIterable<Message> {
    return paginate((cursor) => this.list({ ...query, cursor }, options));
  }

  /**
   * Cancels a message while it is `queued` or `held` (`POST /v1/messages/{id}/cancel`): it is then
   * never sent. Cancelling a cancelled message answers it again, so this is retried. From `sending`
   * on it may have reached Meta: a `not_cancellable` SendbookError whose `resource` is the message.
   */
  async cancel(id: string, options?: CallOptions): Promise<Message> {
    return (await this.transport.call('cancelMessage', { path: { id }, idempotent: true }, options)).message;
  }

  /** The same, naming the message by its `dedupe_key` (`POST /v1/messages/cancel`). */
  async cancelByDedupeKey(dedupeKey: string, options?: CallOptions): Promise<Message> {
    return (await this.transport.call('cancelMessageByKey', { body: { dedupe_key: dedupeKey }, idempotent: true }, options)).message;
  }

  /** The audit trail of one message. */
  history(id: string, options?: CallOptions): Promise<Answer<'getMessageHistory'>> {
    return this.transport.call('getMessageHistory', { path: { id }, idempotent: true }, options);
  }
}

export class InboundMessages {
  constructor(private readonly transport: Transport) {}

  async get(id: string, options?: CallOptions): Promise<Inbound> {
    return (await this.transport.call('getInbound', { path: { id }, idempotent: true }, options)).inbound;
  }

  list(query: InboundQuery = {}, options?: CallOptions): Promise<Page<Inbound>> {
    return this.transport.call('listInbound', { query, idempotent: true }, options);
  }

  listAll(query: Omit<InboundQuery, 'cursor'> = {}, options?: CallOptions): AsyncIterable<Inbound> {
    return paginate((cursor) => this.list({ ...query, cursor }, options));
  }
}

export class Conversations {
  constructor(private readonly transport: Transport) {}

  /** A conversation with the newest page of its timeline (both directions). */
  get(id: string, options?: CallOptions): Promise<Answer<'getConversation'>> {
    return this.transport.call('getConversation', { path: { id }, idempotent: true }, options);
  }

  /**
   * Replies in a conversation (`{text}`, `{template}` or `{media}`, optional `reply_to`). The
   * `client_request_id` makes a repeat answer `200 deduplicated: true` instead of sending twice.
   * Free text outside the 24-hour window is a `window_closed` SendbookError.
   */
  reply(conversationId: string, reply: SendReply, options?: CallOptions): Promise<Answer<'replyInConversation'>> {
    return this.transport.call('replyInConversation', { path: { id: conversationId }, body: reply, idempotent: hasKey(reply, 'client_request_id') }, options);
  }
}

export class WorkItems {
  constructor(private readonly transport: Transport) {}

  /** One page of a work queue (`kind` required). */
  list(query: WorkItemQuery, options?: CallOptions): Promise<Answer<'listWorkItems'>> {
    return this.transport.call('listWorkItems', { query, idempotent: true }, options);
  }

  listAll(query: Omit<WorkItemQuery, 'cursor'>, options?: CallOptions): AsyncIterable<WorkItem> {
    return paginate((cursor) => this.list({ ...query, cursor }, options));
  }

  /** Open items per queue, and the oldest one's age. */
  counts(options?: CallOptions): Promise<Answer<'countWorkItems'>> {
    return this.transport.call('countWorkItems', { idempotent: true }, options);
  }
}

/** Where Sendbook POSTs events (an admin key's business). Registration and changes are tried once: none has a key to make a repeat harmless. */
export class EventEndpoints {
  constructor(private readonly transport: Transport) {}

  /** Registers a URL for some event types; the answer's `secret` (`whsec_…`) is shown this once: keep it for EventVerifier. */
  create(endpoint: CreateEventEndpoint, options?: CallOptions): Promise<Answer<'createEventEndpoint'>> {
    return this.transport.call('createEventEndpoint', { body: endpoint, idempotent: false }, options);
  }

  async list(options?: CallOptions): Promise<Answer<'listEventEndpoints'>['data']> {
    return (await this.transport.call('listEventEndpoints', { idempotent: true }, options)).data;
  }

  /** Changes an endpoint; `{enabled: true}` resumes a disabled one. */
  update(id: string, change: UpdateEventEndpoint, options?: CallOptions): Promise<Answer<'updateEventEndpoint'>> {
    return this.transport.call('updateEventEndpoint', { path: { id }, body: change, idempotent: false }, options);
  }

  async delete(id: string, options?: CallOptions): Promise<void> {
    await this.transport.call('deleteEventEndpoint', { path: { id }, idempotent: false }, options);
  }

  /** The endpoint's deliveries, newest event first, with their last attempts. */
  async deliveries(id: string, query: QueryOf<'listEventDeliveries'> = {}, options?: CallOptions): Promise<Answer<'listEventDeliveries'>['data']> {
    return (await this.transport.call('listEventDeliveries', { path: { id }, query, idempotent: true }, options)).data;
  }

  /**
   * Rotates the endpoint's signing secret (`POST /v1/event-endpoints/{id}/rotate-secret`). The
   * answer's `secret` is the new one, shown this once. Until `keep_old_for_hours` (default 24) have
   * passed every event is signed with the old and the new secret, so receivers holding either
   * verify (give them both: `new EventVerifier([next, current])`); `0` stops the old one at once
   * (a leaked secret). Tried once: a repeat would rotate again.
   */
  rotateSecret(id: string, rotation: RotateSecret = {}, options?: CallOptions): Promise<Answer<'rotateEventEndpointSecret'>> {
    return this.transport.call('rotateEventEndpointSecret', { path: { id }, body: rotation, idempotent: false }, options);
  }

  /** Owes the endpoint again every event since `since` it has not received. */
  recover(id: string, body: RecoverEvents, options?: CallOptions): Promise<Answer<'recoverEventEndpoint'>> {
    return this.transport.call('recoverEventEndpoint', { path: { id }, body, idempotent: false }, options);
  }
}

const hasKey = (body: object, key: string): boolean => {
  const value = (body as Record<string, unknown>)[key];
  return typeof value === 'string' && value.length > 0;
};

async function* paginate<T>(page: (cursor: string | undefined) => Promise<{ data: T[]; next_cursor: string | null }>): AsyncIterable<T> {
  let cursor: string | undefined;
  do {
    const { data, next_cursor } = await page(cursor);
    yield* data;
    cursor = next_cursor ?? undefined;
  } while (cursor);
}
