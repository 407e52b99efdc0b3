import type { ReactNode } from 'react';
import styles from './checked.module.css';

/** A field with the refusal that concerns it, if any, below it; its control is outlined in the danger tone. */
export function Checked({ message, children }: { message: string | undefined; children: ReactNode }) {
  return (
    <div className={styles.checked} data-invalid={message ? true : undefined}>
      {children}
      {message ? <FieldProblem message={message} /> : null}
    </div>
  );
}

/** The API's or a rule's words for what is wrong, as a sentence. */
export function FieldProblem({ message }: { message: string }) {
  return <p className={styles.problem}>{message.charAt(0).toUpperCase() + message.slice(1)}</p>;
}
