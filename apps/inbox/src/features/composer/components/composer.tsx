'use client';

import type { TimelineEntry } from '@sendbook/api-contract';
import { useImperativeHandle, useRef, useState, type Ref } from 'react';
import { Callout } from '@/components/ui/callout';
import { entryKey, hasArrivals, newestKey } from '@/lib/send-guard';
import type { WindowDisplay } from '@/lib/window';
import { useComposerSend } from '@/features/composer/hooks/use-composer-send';
import type { DraftState } from '@/features/composer/hooks/use-draft';
import { ArrivalsWarning } from './arrivals-warning';
import { NoteInput, ReplyInput } from './composer-input';
import { ComposerKeys } from './composer-keys';
import { ComposerToolbar, type ComposerMode } from './composer-toolbar';
import styles from './composer.module.css';
import { ReplyingTo } from './replying-to';
import { TemplatePicker } from './template-picker';
import { WindowClosed } from './window-closed';

export interface ComposerHandle {
  focus(): void;
  openTemplates(): void;
  writeNote(): void;
}

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
  const [mode, setMode] = useState<ComposerMode>('reply');
  const [picking, setPicking] = useState(false);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const templateRef = useRef<HTMLButtonElement>(null);
  const open = window.open;
  const sender = useComposerSend({ conversationId, contact, open, entries, draft });
  const newest = newestKey(entries);
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

  const replyEntry = draft.replyTo ? entries.find((entry) => entryKey(entry) === draft.replyTo) : undefined;

  return (
    <section className={styles.composer} aria-label="Reply" data-mode={mode}>
      <ComposerToolbar mode={mode} onMode={setMode} window={window} contact={contact} />
      {mode === 'reply' && draft.replyTo ? <ReplyingTo entry={replyEntry} onCancel={() => draft.setReplyTo(null, newest)} /> : null}
      {sender.warning && hasArrivals(sender.warning) ? (
        <ArrivalsWarning
          arrivals={sender.warning}
          contact={contact}
          onSendAnyway={() => sender.send(true)}
          onReadFirst={() => {
            draft.rebase(newest);
            sender.dismissWarning();
            textRef.current?.focus();
          }}
        />
      ) : null}
      {sender.failure ? (
        <Callout tone="danger" role="alert" title="Not sent" className={styles.callout}>
          {sender.failure}
        </Callout>
      ) : null}
      {mode === 'note' ? (
        <NoteInput inputRef={noteRef} text={sender.note} sending={sender.sending} onText={sender.setNote} onSave={sender.saveNote} />
      ) : open ? (
        <ReplyInput
          inputRef={textRef}
          contact={contact}
          text={draft.text}
          loaded={draft.loaded}
          sending={sender.sending}
          onText={(text) => draft.setText(text, newest)}
          onSend={() => sender.send(false)}
        />
      ) : (
        <WindowClosed contact={contact} neverWrote={neverWrote} templateRef={templateRef} onTemplate={() => setPicking(true)} />
      )}
      {mode === 'reply' && open ? <ComposerKeys /> : null}
      <TemplatePicker open={picking} onOpenChange={setPicking} contact={contact} windowOpen={open} onSend={sender.sendTemplate} />
    </section>
  );
}
