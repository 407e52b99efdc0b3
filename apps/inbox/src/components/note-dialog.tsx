'use client';

import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { toProblem } from '../lib/api';
import { problemDetail } from '../lib/problem';
import { newRequestId } from '../lib/request-id';
import { Button } from './ui/button';
import { Callout } from './ui/callout';
import { DialogContent, DialogRoot } from './ui/dialog';
import { TextArea } from './ui/field';
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
          <TextArea
            label="Note"
            value={note}
            onChange={(e) => {
              setNote(e.target.value);
              if (e.target.value.trim()) setMissing(false);
            }}
            maxLength={2000}
            required={requireNote}
            aria-invalid={missing || undefined}
            hint={missing ? 'Write why, for the audit trail: the next person will read it.' : 'Kept in the audit trail with your name.'}
            autoFocus
          />
          {mutation.isError ? (
            <Callout tone="danger" role="alert" title="It did not work">
              {problemDetail(toProblem(mutation.error))}
            </Callout>
          ) : null}
          <div className={styles.actions}>
            <Button variant="ghost" onClick={onClose}>
              Back
            </Button>
            <Button type="submit" variant={danger ? 'danger' : 'primary'} busy={mutation.isPending} disabled={mutation.isPending}>
              Confirm
            </Button>
          </div>
        </form>
      </DialogContent>
    </DialogRoot>
  );
}
