import { Slot } from 'radix-ui';
import type { ButtonHTMLAttributes, Ref } from 'react';
import styles from './button.module.css';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'ghost' | 'danger';
  size?: 'sm' | 'md' | 'lg';
  block?: boolean;
  /** Shows a spinner before the label; pair it with `disabled` while work is in flight. */
  busy?: boolean;
  /** Render the child (a link) with the button's look. */
  asChild?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

export function Button({ variant = 'secondary', size = 'md', block = false, busy = false, asChild = false, className, children, type, ...props }: ButtonProps) {
  const classes = [styles.button, styles[variant], size !== 'md' && styles[size], block && styles.block, className].filter(Boolean).join(' ');
  if (asChild) {
    return (
      <Slot.Root className={classes} {...props}>
        {children}
      </Slot.Root>
    );
  }
  return (
    <button type={type ?? 'button'} className={classes} aria-busy={busy || undefined} {...props}>
      {busy ? <span className={styles.spinner} aria-hidden="true" /> : null}
      {children}
    </button>
  );
}
