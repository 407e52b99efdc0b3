'use client';

import type { KeyboardEvent, ReactNode, Ref } from 'react';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import styles from './composer.module.css';

/** Enter submits; Shift+Enter (and Alt+Enter) is a new line, and Enter that ends an IME composition only ends it. */
function enterSubmits(submit: () => void) {
  return (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.altKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };
}

/** The `Message` textbox and `Send`. Read-only while a send is in flight, so what was sent is what shows. */
export function ReplyInput({
  inputRef,
  contact,
  text,
  loaded,
  sending,
  onText,
  onSend,
  menu,
  onMenuKey,
  activeOption,
  attachment,
  tools,
  hasFile = false,
  onPasteFiles,
}: {
  inputRef: Ref<HTMLTextAreaElement>;
  contact: string;
  text: string;
  /** Whether the stored draft was read: typing before would be overwritten by it. */
  loaded: boolean;
  sending: boolean;
  onText: (text: string) => void;
  onSend: () => void;
  /** The snippets listbox, shown above the textbox while a `/word` is typed. */
  menu?: ReactNode;
  /** Keys the menu takes first (true: taken, so Enter inserts instead of sending). */
  onMenuKey?: (event: KeyboardEvent<HTMLTextAreaElement>) => boolean;
  activeOption?: string;
  /** The chosen file (or voice note), above the textbox. */
  attachment?: ReactNode;
  /** `Attach` and `Record voice note`, beside `Send`. */
  tools?: ReactNode;
  /** A file is ready: Send goes without text (the text becomes its caption). */
  hasFile?: boolean;
  /** Pictures pasted into the textbox. */
  onPasteFiles?: (files: File[]) => void;
}) {
  const submitOnEnter = enterSubmits(onSend);
  return (
    <>
      {menu}
      {attachment}
      <div className={styles.row}>
        <textarea
          ref={inputRef}
          className={styles.textarea}
          aria-label="Message"
          placeholder={`Write to ${contact}: Enter sends, Shift+Enter for a new line`}
          rows={2}
          value={text}
          readOnly={sending || !loaded}
          aria-busy={sending || undefined}
          maxLength={4096}
          aria-activedescendant={activeOption}
          onChange={(e) => onText(e.target.value)}
          onKeyDown={(event) => {
            if (onMenuKey?.(event)) return;
            submitOnEnter(event);
          }}
          onPaste={(event) => {
            const files = [...event.clipboardData.files];
            if (files.length === 0 || !onPasteFiles) return;
            event.preventDefault();
            onPasteFiles(files);
          }}
        />
        {tools}
        <Button variant="primary" onClick={onSend} disabled={sending || (text.trim() === '' && !hasFile)} busy={sending}>
          <Icon name="send" size={14} />
          Send
        </Button>
      </div>
    </>
  );
}

/** The `Private note` textbox and `Add note`. */
export function NoteInput({
  inputRef,
  text,
  sending,
  onText,
  onSave,
}: {
  inputRef: Ref<HTMLTextAreaElement>;
  text: string;
  sending: boolean;
  onText: (text: string) => void;
  onSave: () => void;
}) {
  return (
    <div className={styles.row}>
      <textarea
        ref={inputRef}
        className={styles.textarea}
        aria-label="Private note"
        placeholder="A note for your team: Enter saves, Shift+Enter for a new line"
        rows={2}
        value={text}
        readOnly={sending}
        onChange={(e) => onText(e.target.value)}
        onKeyDown={enterSubmits(onSave)}
      />
      <Button variant="primary" onClick={onSave} disabled={sending || text.trim() === ''} busy={sending}>
        Add note
      </Button>
    </div>
  );
}
