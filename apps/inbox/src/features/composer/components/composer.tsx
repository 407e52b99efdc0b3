'use client';

import type { TimelineEntry } from '@sendbook/api-contract';
import { useQueryClient } from '@tanstack/react-query';
import { useImperativeHandle, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { Button } from '@/components/ui/button';
import { Callout } from '@/components/ui/callout';
import { Icon } from '@/components/ui/icon';
import { Kbd } from '@/components/ui/kbd';
import { Segmented } from '@/components/ui/segmented';
import { toProblem } from '@/lib/api';
import { excerpt, inboundContent, outboundContent } from '@/lib/message-content';
import { problemDetail } from '@/lib/problem';
import { newRequestId } from '@/lib/request-id';
import { arrivalsSince, arrivalsWords, entryKey, hasArrivals, newestKey, SendLatch } from '@/lib/send-guard';
import type { WindowDisplay } from '@/lib/window';
import { useCurrentStaff } from '@/features/auth/current-staff';
import { addNote, conversationKeys, sendReply } from '@/features/conversations/conversations.queries';
import type { DraftState } from '../hooks/use-draft';
import styles from './composer.module.css';
import { TemplatePicker } from './template-picker';

export interface ComposerHandle {
  focus(): void;
  openTemplates(): void;
  writeNote(): void;
}

type Mode = 'reply' | 'note';

/**
 * Where the agent answers. While the 24-hour window is open: a `Message` textbox and `Send`
 * (Enter sends, Shift+Enter is a new line, one press sends once), with the time left. When it is
 * closed there is no textbox to type into in vain: a `Template` button opens the picker. A reply
 * can answer a specific message; the draft is kept per conversation. If the customer wrote, or a
 * colleague answered, since the agent started typing, the composer asks before sending.
 */
export function Composer({
  conversationId,
  contact,
  window,
  entries,
  draft,
  handle,
}: {
  conversationId: string;
  contact: string;
  window: WindowDisplay;
  entries: readonly TimelineEntry[];
  draft: DraftState;
  handle?: Ref<ComposerHandle>;
}) {
  const queryClient = useQueryClient();
  const me = useCurrentStaff();
  const [mode, setMode] = useState<Mode>('reply');
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // Asked before sending: what arrived is computed live, so a further arrival shows in the warning too.
  const [warned, setWarned] = useState(false);
  const [picking, setPicking] = useState(false);
  const [note, setNote] = useState('');
  const latch = useRef(new SendLatch()).current;
  const textRef = useRef<HTMLTextAreaElement>(null);
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const templateRef = useRef<HTMLButtonElement>(null);
  const noteRequest = useRef(newRequestId());
  const newest = newestKey(entries);
  const open = window.open;
  const neverWrote = !entries.some((entry) => entry.direction === 'inbound');

  useImperativeHandle(handle, () => ({
    focus: () => {
      setMode('reply');
      requestAnimationFrame(() => (open ? textRef.current?.focus() : templateRef.current?.focus()));
    },
    openTemplates: () => {
      setMode('reply');
      setPicking(true);
    },
    writeNote: () => {
      setMode('note');
      requestAnimationFrame(() => noteRef.current?.focus());
    },
  }));

  const warning = warned ? arrivalsSince(entries, draft.baseline, `staff:${me.id}`) : null;

  const refresh = () => void queryClient.invalidateQueries({ queryKey: conversationKeys.detail(conversationId) });
  const replyEntry = draft.replyTo ? entries.find((entry) => entryKey(entry) === draft.replyTo) : undefined;
  const replyTo = draft.replyTo ? draft.replyTo.slice(draft.replyTo.indexOf('-') + 1) : null;

  const send = async (confirmed: boolean) => {
    const text = draft.text.trim();
    if (!text || !open) return;
    if (!latch.begin()) return;
    try {
      if (!confirmed) {
        const arrivals = arrivalsSince(entries, draft.baseline, `staff:${me.id}`);
        if (hasArrivals(arrivals)) {
          setWarned(true);
          return;
        }
      }
      setWarned(false);
      setFailure(null);
      setSending(true);
      await sendReply(conversationId, { text }, replyTo, draft.requestId);
      draft.sent();
      refresh();
    } catch (error) {
      const problem = toProblem(error);
      setFailure(problem.code === 'window_closed' ? `The 24-hour window has closed: ${contact} can only get a template now.` : problemDetail(problem));
    } finally {
      latch.end();
      setSending(false);
    }
  };

  const sendTemplate = async (template: Record<string, unknown>, requestId: string) => {
    await sendReply(conversationId, { template }, replyTo, requestId);
    draft.sent();
    refresh();
  };

  const saveNote = async () => {
    const text = note.trim();
    if (!text || !latch.begin()) return;
    setSending(true);
    setFailure(null);
    try {
      await addNote(conversationId, text, noteRequest.current);
      noteRequest.current = newRequestId();
      setNote('');
      refresh();
    } catch (error) {
      setFailure(problemDetail(toProblem(error)));
    } finally {
      latch.end();
      setSending(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>, submit: () => void) => {
    if (event.key !== 'Enter' || event.shiftKey || event.altKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  return (
    <section className={styles.composer} aria-label="Reply" data-mode={mode}>
      <div className={styles.top}>
        <Segmented
          label="Write"
          value={mode}
          options={[
            { value: 'reply', label: 'Reply' },
            { value: 'note', label: 'Private note' },
          ]}
          onChange={setMode}
        />
        {mode === 'reply' ? (
          <span className={styles.window} data-tone={window.tone}>
            <Icon name={open ? 'clock' : 'lock'} size={14} />
            {open ? `${window.label}: free text until then` : window.label.includes('templates only') ? window.label : `${window.label}: templates only`}
          </span>
        ) : (
          <span className={styles.window} data-tone="warning">
            <Icon name="lock" size={14} />
            Only your team sees notes; they are never sent to {contact}.
          </span>
        )}
      </div>

      {mode === 'reply' && draft.replyTo ? (
        <div className={styles.replyingTo}>
          <Icon name="reply" size={14} />
          <span className={styles.replyingText}>
            Replying to{' '}
            <q>
              {replyEntry
                ? excerpt(
                    replyEntry.direction === 'inbound'
                      ? inboundContent(replyEntry.inbound)
                      : replyEntry.direction === 'outbound'
                        ? outboundContent(replyEntry.message)
                        : { text: null, label: 'A note', options: [], choice: null, choiceId: null, variables: [], media: null, details: [], raw: null },
                    80,
                  )
                : 'an earlier message'}
            </q>
          </span>
          <Button size="sm" variant="ghost" onClick={() => draft.setReplyTo(null, newest)}>
            <Icon name="x" size={12} />
            <span className="visually-hidden">Do not reply to a specific message</span>
          </Button>
        </div>
      ) : null}

      {warning && hasArrivals(warning) ? (
        <Callout tone="warning" role="alert" title="New messages since you started typing" className={styles.callout}>
          <p>{arrivalsWords(warning, contact)}</p>
          <div className={styles.calloutActions}>
            <Button size="sm" variant="primary" onClick={() => void send(true)}>
              Send anyway
            </Button>
            <Button
              size="sm"
              onClick={() => {
                draft.rebase(newest);
                setWarned(false);
                textRef.current?.focus();
              }}
            >
              Let me read first
            </Button>
          </div>
        </Callout>
      ) : null}
      {failure ? (
        <Callout tone="danger" role="alert" title="Not sent" className={styles.callout}>
          {failure}
        </Callout>
      ) : null}

      {mode === 'note' ? (
        <div className={styles.row}>
          <textarea
            ref={noteRef}
            className={styles.textarea}
            aria-label="Private note"
            placeholder="A note for your team: Enter saves, Shift+Enter for a new line"
            rows={2}
            value={note}
            readOnly={sending}
            onChange={(e) => setNote(e.target.value)}
            onKeyDown={(e) => onKeyDown(e, () => void saveNote())}
          />
          <Button variant="primary" onClick={() => void saveNote()} disabled={sending || note.trim() === ''} busy={sending}>
            Add note
          </Button>
        </div>
      ) : open ? (
        <div className={styles.row}>
          <textarea
            ref={textRef}
            className={styles.textarea}
            aria-label="Message"
            placeholder={`Write to ${contact}: Enter sends, Shift+Enter for a new line`}
            rows={2}
            value={draft.text}
            readOnly={sending || !draft.loaded}
            aria-busy={sending || undefined}
            maxLength={4096}
            onChange={(e) => draft.setText(e.target.value, newest)}
            onKeyDown={(e) => onKeyDown(e, () => void send(false))}
          />
          <Button variant="primary" onClick={() => void send(false)} disabled={sending || draft.text.trim() === ''} busy={sending}>
            <Icon name="send" size={14} />
            Send
          </Button>
        </div>
      ) : (
        <div className={styles.closed}>
          <p>
            {neverWrote ? `${contact} has not written to you yet` : `${contact} has not written in the last 24 hours`}, so WhatsApp only lets an approved
            template through. When they answer, you can write freely again.
          </p>
          <Button ref={templateRef} variant="primary" onClick={() => setPicking(true)}>
            Template
          </Button>
        </div>
      )}
      {mode === 'reply' && open ? (
        <p className={styles.keys} aria-hidden="true">
          <Kbd>↵</Kbd> send · <Kbd>⇧</Kbd>
          <Kbd>↵</Kbd> new line · <Kbd>R</Kbd> reply · <Kbd>⌘</Kbd>
          <Kbd>K</Kbd> all actions
        </p>
      ) : null}
      <TemplatePicker open={picking} onOpenChange={setPicking} contact={contact} windowOpen={open} onSend={sendTemplate} />
    </section>
  );
}
