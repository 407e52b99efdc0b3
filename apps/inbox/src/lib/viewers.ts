/** A colleague in a thread, as `conversation.viewers` and `POST …/viewing` say. */
export interface ThreadViewer {
  readonly staff_id: string;
  readonly typing: boolean;
  /** ISO: when this lapses without a further word from their tab. */
  readonly until: string;
}

/** The others in the thread now: not me, not lapsed. */
export function othersHere(viewers: readonly ThreadViewer[], me: string, now: number): ThreadViewer[] {
  return viewers.filter((v) => v.staff_id !== me && Date.parse(v.until) > now);
}

/** "Ben is here", "Ben is typing…", "Ben and Dana are here", "3 others are here". */
export function viewersLine(others: readonly { name: string; typing: boolean }[]): string | null {
  if (others.length === 0) return null;
  const typing = others.filter((o) => o.typing);
  if (typing.length === 1) return `${typing[0]!.name} is typing a reply…`;
  if (typing.length > 1) return `${typing.length} others are typing replies…`;
  if (others.length === 1) return `${others[0]!.name} is here too`;
  if (others.length === 2) return `${others[0]!.name} and ${others[1]!.name} are here too`;
  return `${others.length} others are here too`;
}

/** A tab says "still here" this often; the API forgets it after 30 s. */
export const VIEWING_EVERY_MS = 10_000;
/** While keys are pressed, "typing" is said at most this often (the API keeps it 6 s). */
export const TYPING_EVERY_MS = 2_500;

type TypingListener = (conversationId: string) => void;
const typingListeners = new Set<TypingListener>();

/** The composer says its agent pressed a key in a thread; the thread's presence hears it. */
export function noteTyping(conversationId: string): void {
  for (const listener of typingListeners) listener(conversationId);
}

export function onTyping(listener: TypingListener): () => void {
  typingListeners.add(listener);
  return () => {
    typingListeners.delete(listener);
  };
}
