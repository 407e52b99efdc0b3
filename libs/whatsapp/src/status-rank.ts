// Outbound message state machine. Meta gives no ordering guarantee for status webhooks, and they do
// arrive as late `sent` after `delivered`, `read` without `delivered`, duplicates. So a state
// only ever moves up the rank; `failed` wins over everything and is final.

/** Every state an outbound message can be in, in rank order (`failed` last, outside the ladder). */
export const MESSAGE_STATES = ['queued', 'sending', 'accepted', 'sent', 'delivered', 'read', 'played', 'failed'] as const;

export type MessageState = (typeof MESSAGE_STATES)[number];

const RANK: Readonly<Record<MessageState, number>> = {
  queued: 0,
  sending: 1,
  accepted: 2,
  sent: 3,
  delivered: 4,
  read: 5,
  played: 6,
  // Above every other state: it always wins and nothing leaves it.
  failed: 7,
};

export function isMessageState(value: string): value is MessageState {
  return Object.hasOwn(RANK, value);
}

/** The rank of a state (higher = further along), or null for unknown/legacy values. */
export function statusRank(state: string): number | null {
  return isMessageState(state) ? RANK[state] : null;
}

export type MergeReason =
  /** incoming is higher on the ladder: applied */
  | 'advanced'
  /** incoming is `failed`: applied over any non-failed state */
  | 'failed_wins'
  /** current is `failed`: nothing changes it */
  | 'already_failed'
  /** incoming equals current: a duplicate */
  | 'duplicate'
  /** incoming is lower: arrived out of order */
  | 'stale'
  /** incoming is not a known state (e.g. legacy `deleted`, `warning`): kept in history, never applied */
  | 'unknown_status';

export interface MergeResult {
  apply: boolean;
  next: MessageState;
  reason: MergeReason;
}

/** Decides whether an incoming status moves a message on. Pure. */
export function mergeStatus(current: MessageState, incoming: string): MergeResult {
  if (!isMessageState(incoming)) return { apply: false, next: current, reason: 'unknown_status' };
  if (current === 'failed') {
    return { apply: false, next: current, reason: incoming === 'failed' ? 'duplicate' : 'already_failed' };
  }
  if (incoming === 'failed') return { apply: true, next: incoming, reason: 'failed_wins' };
  if (RANK[incoming] > RANK[current]) return { apply: true, next: incoming, reason: 'advanced' };
  return { apply: false, next: current, reason: incoming === current ? 'duplicate' : 'stale' };
}
