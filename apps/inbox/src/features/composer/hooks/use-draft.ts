'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { clearDraft, readDraft, writeDraft, type Draft } from '@/lib/drafts';
import { newRequestId } from '@/lib/request-id';

/**
 * The composer's draft for one conversation, kept in localStorage (lib/drafts.ts) so it survives
 * navigation and a reload. Read after mount (the server render has no storage, and hydration must
 * match it); nothing is written before it was read, so an empty first render never wipes a draft.
 */
export interface DraftState {
  readonly text: string;
  readonly replyTo: string | null;
  readonly requestId: string;
  readonly baseline: string | null;
  readonly loaded: boolean;
  setText(text: string, newestKey: string | null): void;
  setReplyTo(replyTo: string | null, newestKey: string | null): void;
  /** Sent: forget it, and the next draft gets a new request id. */
  sent(): void;
  /** The agent looked at what arrived: warn only about what comes after now. */
  rebase(newestKey: string | null): void;
}

const storage = () => (typeof window === 'undefined' ? null : window.localStorage);

export function useDraft(conversationId: string): DraftState {
  const [draft, setDraft] = useState<Draft>(() => emptyDraft(conversationId, null));
  const [loaded, setLoaded] = useState(false);
  const latest = useRef(draft);
  latest.current = draft;

  useEffect(() => {
    const store = storage();
    const stored = store ? readDraft(store, conversationId, Date.now()) : null;
    setDraft(stored ?? emptyDraft(conversationId, null));
    setLoaded(true);
  }, [conversationId]);

  const update = useCallback((change: (current: Draft) => Draft) => {
    const next = change(latest.current);
    latest.current = next;
    setDraft(next);
    const store = storage();
    if (store) writeDraft(store, next);
  }, []);

  const setText = useCallback(
    (text: string, newestKey: string | null) =>
      update((current) => ({
        ...current,
        text,
        // The thread as it was when typing started: what arrives after it is news to the writer.
        baseline: current.text.trim() === '' && text.trim() !== '' && current.replyTo === null ? newestKey : current.baseline,
        updatedAt: Date.now(),
      })),
    [update],
  );
  const setReplyTo = useCallback(
    (replyTo: string | null, newestKey: string | null) =>
      update((current) => ({
        ...current,
        replyTo,
        baseline: current.text.trim() === '' && current.replyTo === null ? newestKey : current.baseline,
        updatedAt: Date.now(),
      })),
    [update],
  );
  const sent = useCallback(() => {
    const store = storage();
    if (store) clearDraft(store, conversationId);
    const next = emptyDraft(conversationId, null);
    latest.current = next;
    setDraft(next);
  }, [conversationId]);
  const rebase = useCallback((newestKey: string | null) => update((current) => ({ ...current, baseline: newestKey, updatedAt: Date.now() })), [update]);

  return { text: draft.text, replyTo: draft.replyTo, requestId: draft.requestId, baseline: draft.baseline, loaded, setText, setReplyTo, sent, rebase };
}

function emptyDraft(conversationId: string, baseline: string | null): Draft {
  return { conversationId, text: '', replyTo: null, requestId: newRequestId(), baseline, updatedAt: Date.now() };
}
