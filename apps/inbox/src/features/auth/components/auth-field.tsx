import { useId, type InputHTMLAttributes } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import styles from './login-form.module.css';

/** A labelled input of the sign-in forms, its error (if any) said under it and tied to it. */
export function AuthField({
  label,
  error,
  registration,
  ...input
}: { label: string; error?: string; registration: UseFormRegisterReturn } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const errorId = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input
        id={id}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
        {...registration}
      />
      {error ? (
        <p id={errorId} className={styles.fieldError}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
