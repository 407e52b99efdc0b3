'use client';

import { Tooltip as Radix } from 'radix-ui';
import type { ReactElement, ReactNode } from 'react';
import styles from './tooltip.module.css';

export const TooltipProvider = Radix.Provider;

/**
 * A hint on hover and keyboard focus (never the only place a meaning lives: icon buttons also get
 * an aria-label). `keys` shows a shortcut beside the words.
 */
export function Tooltip({
  content,
  keys,
  children,
  side = 'top',
}: {
  content: ReactNode;
  keys?: string;
  children: ReactElement;
  side?: 'top' | 'right' | 'bottom' | 'left';
}) {
  return (
    <Radix.Root>
      <Radix.Trigger asChild>{children}</Radix.Trigger>
      <Radix.Portal>
        <Radix.Content className={styles.content} side={side} sideOffset={6}>
          {content}
          {keys ? <span className={styles.kbd}>{keys}</span> : null}
        </Radix.Content>
      </Radix.Portal>
    </Radix.Root>
  );
}
