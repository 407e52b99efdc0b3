'use client';

import { Dialog as Radix } from 'radix-ui';
import type { ReactNode } from 'react';
import { Button } from './button';
import { Icon } from './icon';
import styles from './dialog.module.css';

export const DialogRoot = Radix.Root;
export const DialogTrigger = Radix.Trigger;
export const DialogClose = Radix.Close;

export interface DialogContentProps {
  /** The dialog's accessible name; shown as its heading unless `hideTitle`. */
  title: string;
  description?: ReactNode;
  hideTitle?: boolean;
  /** No padding: for content that lays itself out (the command palette). */
  bare?: boolean;
  children: ReactNode;
  className?: string;
}

/** A modal dialog: focus trapped, Escape or its × closes it, focus returns to what opened it. */
export function DialogContent({ title, description, hideTitle = false, bare = false, children, className }: DialogContentProps) {
  return (
    <Radix.Portal>
      <Radix.Overlay className={styles.overlay} />
      {/* Without a description, aria-describedby={undefined} tells Radix there is none on purpose. */}
      <Radix.Content
        className={[styles.content, !bare && styles.padded, className].filter(Boolean).join(' ')}
        {...(description ? {} : { 'aria-describedby': undefined })}
      >
        {/* A way out that can be seen, not only Escape or a click outside (the palette has its own input to leave). */}
        {bare ? null : (
          <Radix.Close asChild>
            <Button size="sm" variant="ghost" className={styles.close} aria-label="Close dialog" title="Close (Esc)">
              <Icon name="x" size={14} />
            </Button>
          </Radix.Close>
        )}
        <Radix.Title className={hideTitle ? 'visually-hidden' : styles.title}>{title}</Radix.Title>
        {description ? <Radix.Description className={hideTitle ? 'visually-hidden' : styles.description}>{description}</Radix.Description> : null}
        {children}
      </Radix.Content>
    </Radix.Portal>
  );
}
