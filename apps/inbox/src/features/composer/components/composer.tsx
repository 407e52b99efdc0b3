'use client';

import type { TimelineEntry } from '@sendbook/api-contract';
import { useImperativeHandle, useRef, useState, type Ref } from 'react';
import { Callout } from '@/components/ui/callout';
import { entryKey, hasArrivals, newestKey } from '@/lib/send-guard';
import { unfilledPlaceholders } from '@/lib/snippet-fill';
import type { WindowDisplay } from '@/lib/window';
import { useCurrentStaff } from '@/features/auth/current-staff';
import { useComposerSend } from '@/features/composer/hooks/use-composer-send';
import type { DraftState } from '@/features/composer/hooks/use-draft';
import { useSnippetMenu } from '@/features/composer/hooks/use-snippet-menu';
import { useAttachment } from '@/features/composer/hooks/use-attachment';
import { useVoiceRecorder } from '@/features/composer/hooks/use-voice-recorder';
import { AttachTools } from './attach-tools';
import { AttachmentChip } from './attachment-chip';
import { VoiceRecording } from './voice-recording';
import { useTypingIndicator } from '@/features/composer/hooks/use-typing-indicator';
import { ArrivalsWarning } from './arrivals-warning';
import { NoteInput, ReplyInput } from './composer-input';
import { ComposerKeys } from './composer-keys';
import { ComposerToolbar, type ComposerMode } from './composer-toolbar';
import styles from './composer.module.css';
import { ReplyingTo } from './replying-to';
import { SnippetMenu } from './snippet-menu';
import { TemplatePicker } from './template-picker';
import { noteTyping } from '@/lib/viewers';
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
  contactInfo,
}: {
  conversationId: string;
  contact: string;
  window: WindowDisplay;
  entries: readonly TimelineEntry[];
  draft: DraftState;
  handle?: Ref<ComposerHandle>;
  /** What snippets fill `{{contact.name}}` and `{{contact.phone}}` with. */
  contactInfo?: { name: string | null; phone: string | null };
}) {
  const [mode, setMode] = useState<ComposerMode>('reply');
  const [picking, setPicking] = useState(false);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const templateRef = useRef<HTMLButtonElement>(null);
  const open = window.open;
  const typing = useTypingIndicator(conversationId, open);
  const newest = newestKey(entries);
  const chosen = useAttachment();
  // A file chosen before any word is typed starts the draft: what arrives after it is asked about, not what came before.
  const attachment = {
    ...chosen,
    choose: (file: File, options?: { voice?: boolean }) => {
      if (draft.text.trim() === '') draft.rebase(newest);
      chosen.choose(file, options);
    },
  };
  const recorder = useVoiceRecorder((file) => attachment.choose(file, { voice: true }));
  const [dropping, setDropping] = useState(false);
  const sender = useComposerSend({ conversationId, contact, open, entries, draft, attachment });
  const busyWithFile = attachment.state.status === 'uploading' || recorder.state.status === 'recording' || recorder.state.status === 'finishing';
  const neverWrote = !entries.some((entry) => entry.direction === 'inbound');
  const me = useCurrentStaff();
  const menu = useSnippetMenu({
    text: draft.text,
    setText: (text) => draft.setText(text, newest),
    values: {
      'contact.name': contactInfo?.name ?? null,
      'contact.phone': contactInfo?.phone ?? null,
      'agent.name': me.name,
      'last_message.trigger_ref': lastTriggerRef(entries),
    },
  });
  // Braces never reach the customer: a snippet's unfilled variable must be filled (or removed) first.
  const [unfilled, setUnfilled] = useState<string[]>([]);
  const send = () => {
    if (busyWithFile) return;
    const left = unfilledPlaceholders(draft.text);
    setUnfilled(left);
    if (left.length === 0) sender.send(false);
  };

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
    <section
      className={[styles.composer, dropping ? styles.dropping : ''].filter(Boolean).join(' ')}
      aria-label="Reply"
      data-mode={mode}
      // A file dropped anywhere on the composer is attached, while the window is open.
      onDragOver={(event) => {
        if (!open || mode !== 'reply' || !event.dataTransfer.types.includes('Files')) return;
        event.preventDefault();
        setDropping(true);
      }}
      onDragLeave={() => setDropping(false)}
      onDrop={(event) => {
        setDropping(false);
        const file = event.dataTransfer.files[0];
        if (!open || mode !== 'reply' || !file) return;
        event.preventDefault();
        attachment.choose(file);
      }}
    >
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
      {unfilled.length > 0 ? (
        <Callout tone="warning" role="alert" title="Fill in the snippet first" className={styles.callout}>
          The reply still has {unfilled.join(', ')}: replace {unfilled.length === 1 ? 'it' : 'them'} before sending, or the customer would see the braces.
        </Callout>
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
          onText={(text) => {
            draft.setText(text, newest);
            typing(text);
            noteTyping(conversationId);
            if (unfilled.length > 0) setUnfilled([]);
          }}
          onSend={send}
          menu={menu.open ? <SnippetMenu items={menu.items} active={menu.active} query={menu.query} onChoose={menu.choose} /> : null}
          onMenuKey={menu.onKeyDown}
          activeOption={menu.open && menu.items[menu.active] ? `snippet-${menu.items[menu.active]!.id}` : undefined}
          hasFile={attachment.state.status === 'uploaded'}
          onPasteFiles={(files) => attachment.choose(files[0]!)}
          attachment={
            <>
              <VoiceRecording recorder={recorder} />
              <AttachmentChip attachment={attachment} disabled={sender.sending} />
            </>
          }
          tools={<AttachTools onFile={(file) => attachment.choose(file)} onRecord={recorder.start} busy={sender.sending || recorder.state.status !== 'idle'} />}
        />
      ) : (
        <WindowClosed contact={contact} neverWrote={neverWrote} templateRef={templateRef} onTemplate={() => setPicking(true)} />
      )}
      {mode === 'reply' && open ? <ComposerKeys /> : null}
      <TemplatePicker open={picking} onOpenChange={setPicking} contact={contact} windowOpen={open} target={sender.template} />
    </section>
  );
}

/** The `trigger_ref` of the thread's newest outbound message: what `{{last_message.trigger_ref}}` fills. */
function lastTriggerRef(entries: readonly TimelineEntry[]): string | null {
  for (let i = entries.length - 1; i >= 0; i--) {
    const entry = entries[i]!;
    if (entry.direction === 'outbound') return entry.message.trigger_ref;
  }
  return null;
}
