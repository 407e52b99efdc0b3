'use client';

import { toProblem } from '../lib/api';
import { problemDetail } from '../lib/problem';
import { Button } from './ui/button';
import { Callout } from './ui/callout';
import { TextArea } from './ui/field';
import styles from './confirm-parts.module.css';

/**
 * The `Note` every audited change asks for: it says why it is needed once a person tried to go
 * on without one (`missing`), and clears that as soon as they write.
 */
export function NoteField({
  note,
  onNote,
  missing,
  onMissing,
  required = true,
  autoFocus = true,
  hint = 'Kept in the audit trail with your name.',
}: {
  note: string;
  onNote: (note: string) => void;
  missing: boolean;
  onMissing: (missing: boolean) => void;
  required?: boolean;
  autoFocus?: boolean;
  hint?: string;
}) {
  return (
    <TextArea
      label="Note"
      name="note"
      value={note}
      onChange={(e) => {
        onNote(e.target.value);
        if (e.target.value.trim()) onMissing(false);
      }}
      maxLength={2000}
      required={required}
      aria-invalid={missing || undefined}
      hint={missing ? 'Write why, for the audit trail: the next person will read it.' : hint}
      autoFocus={autoFocus}
    />
  );
}

/**
 * The end of a confirming dialog: why the last try failed, in the API's words, then `Back` and
 * `Confirm` (a submit button unless `onConfirm` is given).
 */
export function ConfirmActions({
  error,
  errorTitle,
  busy,
  disabled = false,
  danger = false,
  onBack,
  onConfirm,
}: {
  error: unknown;
  errorTitle: string;
  busy: boolean;
  disabled?: boolean;
  danger?: boolean;
  onBack: () => void;
  onConfirm?: () => void;
}) {
  return (
    <>
      {error ? (
        <Callout tone="danger" role="alert" title={errorTitle}>
          {problemDetail(toProblem(error))}
        </Callout>
      ) : null}
      <div className={styles.actions}>
        <Button variant="ghost" onClick={onBack}>
          Back
        </Button>
        <Button type={onConfirm ? 'button' : 'submit'} onClick={onConfirm} variant={danger ? 'danger' : 'primary'} busy={busy} disabled={busy || disabled}>
          Confirm
        </Button>
      </div>
    </>
  );
}
