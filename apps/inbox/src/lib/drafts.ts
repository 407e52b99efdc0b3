/**
 * A reply being written, kept per conversation in localStorage so it survives navigation and a
 * reload, and never shows up in another conversation: each draft lives under its conversation's
 * own key and carries that id, and a stored value for another id is ignored.
 *
 * The draft also carries the idempotency key of the send it will become (made when typing
 * starts, kept until the send succeeds): a send retried after a lost answer, even after a reload,
 * is the same send to the API. And it remembers what the thread looked like when typing started,
 * so the composer can warn when the customer or a colleague wrote meanwhile.
 */
export interface Draft {
  readonly conversationId: string;
  readonly text: string;
  /** The message it answers (an inbound id or one we sent), as the API's `reply_to`. */
  readonly replyTo: string | null;
  /** The `client_request_id` this draft sends with. */
  readonly requestId: string;
  /** The newest timeline entry's key when typing started (see lib/send-guard.ts). */
  readonly baseline: string | null;
  readonly updatedAt: number;
}

export interface DraftStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

const PREFIX = 'sendbook.draft.';
/** Drafts untouched this long are dropped when read: a week-old half sentence helps no one. */
export const DRAFT_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

export function draftKey(conversationId: string): string {
  return `${PREFIX}${conversationId}`;
}

export function readDraft(storage: DraftStorage, conversationId: string, now: number): Draft | null {
  let value: unknown;
  try {
    value = JSON.parse(storage.getItem(draftKey(conversationId)) ?? 'null');
  } catch {
    return null;
  }
  if (!isDraft(value) || value.conversationId !== conversationId) return null;
  if (now - value.updatedAt > DRAFT_MAX_AGE_MS) {
    storage.removeItem(draftKey(conversationId));
    return null;
  }
  return value;
}

/** Saves the draft; an empty one (no words, not replying to anything) is removed instead. */
export function writeDraft(storage: DraftStorage, draft: Draft): void {
  try {
    if (draft.text.trim() === '' && draft.replyTo === null) storage.removeItem(draftKey(draft.conversationId));
    else storage.setItem(draftKey(draft.conversationId), JSON.stringify(draft));
  } catch {
    // Storage full or refused (private mode): the draft lives on screen only.
  }
}

export function clearDraft(storage: DraftStorage, conversationId: string): void {
  try {
    storage.removeItem(draftKey(conversationId));
  } catch {
    // Nothing stored, nothing to clear.
  }
}

function isDraft(value: unknown): value is Draft {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.conversationId === 'string' &&
    typeof v.text === 'string' &&
    (v.replyTo === null || typeof v.replyTo === 'string') &&
    typeof v.requestId === 'string' &&
    (v.baseline === null || typeof v.baseline === 'string') &&
    typeof v.updatedAt === 'number'
  );
}
