import { MESSAGE_STATES, type MessageState } from '@sendbook/whatsapp';

/**
 * States of an outbox row: Meta's status ladder plus two of our own. `held` waits for a person or
 * a reopened window; `cancelled` was stopped by a person before it was sent.
 */
export type OutboxState = MessageState | 'held' | 'cancelled';

export const OUTBOX_STATES: readonly OutboxState[] = [...MESSAGE_STATES, 'held', 'cancelled'];

/** Rows in these states will not be sent again by anything automatic; retention may purge them. */
export const FINISHED_STATES: readonly OutboxState[] = ['accepted', 'sent', 'delivered', 'read', 'played', 'failed', 'cancelled'];

export type ResolveAction = 'mark_sent' | 'retry' | 'cancel';

export const RESOLVE_ACTIONS: readonly ResolveAction[] = ['mark_sent', 'retry', 'cancel'];

/**
 * What a person may do to a row by hand, and where it goes. `sending` is the case this exists
 * for: the outcome is unknown, so only a person decides whether it is sent again.
 */
const RESOLUTIONS: Readonly<Record<ResolveAction, { from: readonly OutboxState[]; to: OutboxState }>> = {
  mark_sent: { from: ['sending'], to: 'sent' },
  retry: { from: ['sending', 'failed', 'held'], to: 'queued' },
  cancel: { from: ['queued', 'sending', 'held'], to: 'cancelled' },
};

export function resolutionTarget(state: OutboxState, action: ResolveAction): OutboxState | null {
  const rule = RESOLUTIONS[action];
  return rule.from.includes(state) ? rule.to : null;
}

export function statesResolvableBy(action: ResolveAction): readonly OutboxState[] {
  return RESOLUTIONS[action].from;
}
