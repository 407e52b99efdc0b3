import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import styles from './field.module.css';

/** A labelled control: the label names it (screen readers, tests), an optional hint describes it. */
function Field({ label, hint, id, children, className }: { label: ReactNode; hint?: ReactNode; id: string; children: ReactNode; className?: string }) {
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {children}
      {hint ? (
        <span id={`${id}-hint`} className={styles.hint}>
          {hint}
        </span>
      ) : null}
    </div>
  );
}

type Common = { label: ReactNode; hint?: ReactNode; fieldClassName?: string };

export function TextField({ label, hint, fieldClassName, id, ...props }: Common & InputHTMLAttributes<HTMLInputElement>) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <Field label={label} hint={hint} id={fieldId} className={fieldClassName}>
      <input id={fieldId} className={styles.control} aria-describedby={hint ? `${fieldId}-hint` : undefined} {...props} />
    </Field>
  );
}

export function TextArea({ label, hint, fieldClassName, id, ...props }: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <Field label={label} hint={hint} id={fieldId} className={fieldClassName}>
      <textarea id={fieldId} className={[styles.control, styles.area].join(' ')} aria-describedby={hint ? `${fieldId}-hint` : undefined} {...props} />
    </Field>
  );
}

export function SelectField({ label, hint, fieldClassName, id, children, ...props }: Common & SelectHTMLAttributes<HTMLSelectElement>) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <Field label={label} hint={hint} id={fieldId} className={fieldClassName}>
      <select id={fieldId} className={[styles.control, styles.select].join(' ')} aria-describedby={hint ? `${fieldId}-hint` : undefined} {...props}>
        {children}
      </select>
    </Field>
  );
}
