'use client';

import type { TimelineEntry } from '@sendbook/api-contract';
import { useRef, useState } from 'react';
import { toProblem } from '@/lib/api';
import { problemDetail } from '@/lib/problem';
import { newRequestId } from '@/lib/request-id';
import { arrivalsSince, hasArrivals, SendLatch } from '@/lib/send-guard';
import { useCurrentStaff } from '@/features/auth/current-staff';
import { useAddNote } from './use-add-note';
import type { AttachmentControl } from './use-attachment';
import type { DraftState } from './use-draft';
import { replyFailure, useSendReply } from './use-send-reply';
import type { TemplateTarget } from './use-send-template';

/**
 * What the composer sends, once per press: the draft as a reply (first asking when the customer
 * wrote or a colleague answered since typing started) or a private note, and where a template from
 * the picker goes. One failure shows at a time, the newest press's.
 */
export function useComposerSend({
  conversationId,
  contact,
  open,
  entries,
  draft,
  attachment,
}: {
  conversationId: string;
  contact: string;
  /** Whether the 24-hour window is open: free text goes only then. */
  open: boolean;
  entries: readonly TimelineEntry[];
  draft: DraftState;
  /** The file the reply carries, if any. */
  attachment: AttachmentControl;
}) {
  const me = `staff:${useCurrentStaff().id}`;
  // Asked before sending: what arrived is computed live, so a further arrival shows in the warning too.
  const [warned, setWarned] = useState(false);
  const [note, setNote] = useState('');
  // Reply and note share one latch: the mutations' pending state arrives a render too late for a second Enter.
  const latch = useRef(new SendLatch()).current;
  const noteRequest = useRef(newRequestId());
  const reply = useSendReply(conversationId, draft.sent);
  const addNote = useAddNote(conversationId, () => {
    noteRequest.current = newRequestId();
    setNote('');
  });
  const replyTo = draft.replyTo ? draft.replyTo.slice(draft.replyTo.indexOf('-') + 1) : null;

  const send = async (confirmed: boolean) => {
    const text = draft.text.trim();
    const file = attachment.state.status === 'uploaded' ? attachment.state : null;
    // A file still uploading (or failed) is not sent without: Send waits for it.
    if (attachment.state.status === 'uploading' || attachment.state.status === 'failed') return;
    if ((!text && !file) || !open || !latch.begin()) return;
    try {
      if (!confirmed && hasArrivals(arrivalsSince(entries, draft.baseline, me))) {
        setWarned(true);
        return;
      }
      setWarned(false);
      addNote.reset();
      if (!file) {
        await reply.mutateAsync({ body: { text }, replyTo, requestId: draft.requestId });
        return;
      }
      // The text is the file's caption where WhatsApp shows one (up to 1,024 characters); else its own message after it.
      const caption = file.caption && text.length > 0 && text.length <= 1024;
      const requestId = draft.requestId;
      const media = { upload_id: file.upload.upload_id, ...(caption ? { caption: text } : {}), ...(file.voice ? { voice: true } : {}) };
      await reply.mutateAsync({ body: { media }, replyTo, requestId });
      attachment.clear();
      if (text && !caption) await reply.mutateAsync({ body: { text }, replyTo: null, requestId: `${requestId}-text` });
    } catch {
      // Said from `reply.error`; the draft stays, with its key, for another press.
    } finally {
      latch.end();
    }
  };

  const saveNote = async () => {
    const text = note.trim();
    if (!text || !latch.begin()) return;
    reply.reset();
    try {
      await addNote.mutateAsync({ text, requestId: noteRequest.current });
    } catch {
      // Said from `addNote.error`; the note stays, with its key, for another press.
    } finally {
      latch.end();
    }
  };

  return {
    send: (confirmed: boolean) => void send(confirmed),
    // The picker sends it with a mutation of its own: its failure is said there, and the reply's busy state and failure stay the reply's.
    template: { conversationId, replyTo, onSent: draft.sent } satisfies TemplateTarget,
    note,
    setNote,
    saveNote: () => void saveNote(),
    sending: reply.isPending || addNote.isPending,
    failure: reply.error ? replyFailure(reply.error, contact) : addNote.error ? problemDetail(toProblem(addNote.error)) : null,
    warning: warned ? arrivalsSince(entries, draft.baseline, me) : null,
    /** The agent chose to read what arrived first. */
    dismissWarning: () => setWarned(false),
  };
}
