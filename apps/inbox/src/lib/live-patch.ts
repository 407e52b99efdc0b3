import type { Message, TimelineEntry } from '@sendbook/api-contract';
import { forwardState, ladderRank } from './ticks';

/** A `message.status` event's news, when it is a step up the delivery ladder. */
export interface TickEvent {
  readonly messageId: string;
  readonly state: Message['state'];
}

/**
 * The tick a `message.status` event carries, or null for anything else: only the delivery ladder
 * (accepted, sent, delivered, read, played) is shown at once; a failure or a person's decision
 * waits for the refetch, which brings its reason and who made it.
 */
export function tickEvent(data: unknown): TickEvent | null {
  if (typeof data !== 'object' || data === null) return null;
  const { message_id: messageId, state } = data as Record<string, unknown>;
  if (typeof messageId !== 'string' || typeof state !== 'string') return null;
  if (ladderRank(state as Message['state']) < ladderRank('accepted')) return null;
  return { messageId, state: state as Message['state'] };
}

/**
 * The thread with that message's tick moved forward (never back), or the same object when the
 * thread does not hold the message or already shows as much: so React re-renders nothing else.
 */
export function withTick<T extends { timeline: readonly TimelineEntry[] }>(thread: T, tick: TickEvent): T {
  let changed = false;
  const timeline = thread.timeline.map((entry) => {
    if (entry.direction !== 'outbound' || entry.message.id !== tick.messageId) return entry;
    const state = forwardState(entry.message.state, tick.state);
    if (state === entry.message.state) return entry;
    changed = true;
    return { ...entry, message: { ...entry.message, state } };
  });
  return changed ? { ...thread, timeline } : thread;
}
