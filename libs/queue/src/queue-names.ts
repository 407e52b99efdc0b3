/** Every BullMQ queue, named once. PostgreSQL rows are the truth; jobs only say "look at row X". */
export const QUEUE_NAMES = {
  /** Sends one outbox row to the Graph API. Job id = row id. */
  outbound: 'outbound',
  /** Processes one stored webhook delivery. Job id = delivery id. */
  webhooks: 'webhooks',
} as const;

export type QueueName = (typeof QUEUE_NAMES)[keyof typeof QUEUE_NAMES];
