'use client';

import { DropdownMenu as Radix } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import styles from './dropdown-menu.module.css';
import { Icon } from './icon';

export const DropdownMenu = Radix.Root;
export const DropdownMenuTrigger = Radix.Trigger;

/** A menu of actions or choices: arrow keys move, typing jumps, Escape closes. */
export function DropdownMenuContent({ children, align = 'start' }: { children: ReactNode; align?: 'start' | 'center' | 'end' }) {
  return (
    <Radix.Portal>
      <Radix.Content className={styles.content} align={align} sideOffset={4}>
        {children}
      </Radix.Content>
    </Radix.Portal>
  );
}

export function DropdownMenuItem(props: ComponentProps<typeof Radix.Item>) {
  return <Radix.Item {...props} className={styles.item} />;
}

export function DropdownMenuRadioGroup(props: ComponentProps<typeof Radix.RadioGroup>) {
  return <Radix.RadioGroup {...props} />;
}

export function DropdownMenuRadioItem({ children, ...props }: ComponentProps<typeof Radix.RadioItem>) {
  return (
    <Radix.RadioItem {...props} className={styles.item}>
      {children}
      <Radix.ItemIndicator className={styles.indicator}>
        <Icon name="check" size={14} />
      </Radix.ItemIndicator>
    </Radix.RadioItem>
  );
}

export function DropdownMenuLabel({ children }: { children: ReactNode }) {
  return <Radix.Label className={styles.label}>{children}</Radix.Label>;
}

export function DropdownMenuSeparator() {
  return <Radix.Separator className={styles.separator} />;
}
