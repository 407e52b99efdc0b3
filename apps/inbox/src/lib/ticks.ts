import type { Message } from '@sendbook/api-contract';

/**
 * Ticks never move backwards on screen. The API already keeps states forward-only, but the inbox
 * can hold an older copy (a refetch that raced a newer one, a page fetched before a live event):
 * once a message was shown as Read, a copy saying Delivered must not turn it grey again. Only the
 * delivery ladder is ordered; a person's decision (retry, release, mark sent) moves a message
 * wherever it goes, so any other change is shown as it comes.
 */
type State = Message['state'];

const LADDER: readonly State[] = ['queued', 'sending', 'accepted', 'sent', 'delivered', 'read', 'played'];

export function ladderRank(state: State): number {
  return LADDER.indexOf(state);
}

/** The state to show, given the furthest state already shown (`shown`) and the copy just received. */
export function forwardState(shown: State | undefined, received: State): State {
  if (shown === undefined) return received;
  // Failed after Sent is real (Meta reports failures late); only a step down the ladder is refused.
  const from = ladderRank(shown);
  const to = ladderRank(received);
  if (from >= ladderRank('accepted') && to >= 0 && to < from) return shown;
  return received;
}

/**
 * Remembers, per message id, the furthest state shown, and answers each copy of a message with
 * the state to show. Kept for the life of the thread on screen.
 */
export class TickMemory {
  private readonly shown = new Map<string, State>();

  show(message: Pick<Message, 'id' | 'state'>): State {
    const state = forwardState(this.shown.get(message.id), message.state);
    this.shown.set(message.id, state);
    return state;
  }
}
