'use client';

import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { newRequestId } from '../lib/request-id';
import { ConfirmActions, NoteField } from './confirm-parts';
import { DialogContent, DialogRoot } from './ui/dialog';
import styles from './note-dialog.module.css';

/**
 * Asks before an audited change: what it does, a `Note` for the audit trail, and `Confirm`.
 * One idempotency key per opened dialog, so a double press acts once.
 */
export function NoteDialog({
  title,
  description,
  children,
  requireNote = true,
  danger = false,
  onConfirm,
  onClose,
}: {
  title: string;
  description: ReactNode;
  children?: ReactNode;
  requireNote?: boolean;
  danger?: boolean;
  onConfirm: (note: string, requestId: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);
  const [requestId] = useState(newRequestId);
  const mutation = useMutation({ mutationFn: () => onConfirm(note.trim(), requestId), onSuccess: onClose });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (requireNote && !note.trim()) return setMissing(true);
    if (!mutation.isPending) mutation.mutate();
  };
  return (
    <DialogRoot open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent title={title} description={description}>
        <form onSubmit={submit} className={styles.form} noValidate>
          {children}
          <NoteField note={note} onNote={setNote} missing={missing} onMissing={setMissing} required={requireNote} />
          <ConfirmActions
            error={mutation.isError ? mutation.error : null}
            errorTitle="It did not work"
            busy={mutation.isPending}
            danger={danger}
            onBack={onClose}
          />
        </form>
      </DialogContent>
    </DialogRoot>
  );
}
