'use client';

import Link from 'next/link';
import { Tabs as Radix } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import styles from './tabs.module.css';

/** Tabs over panels on one page (arrow keys move between tabs). */
export const Tabs = Radix.Root;
export const TabsContent = Radix.Content;

export function TabsList(props: ComponentProps<typeof Radix.List>) {
  return <Radix.List {...props} className={styles.list} />;
}

export function TabsTrigger(props: ComponentProps<typeof Radix.Trigger>) {
  return <Radix.Trigger {...props} className={styles.tab} />;
}

/**
 * Tabs that are pages (each its own URL, a deep link): a navigation landmark of links, the current
 * one marked `aria-current="page"`. Looks like TabsList; behaves like links, because they are.
 */
export function LinkTabs({ label, items, current }: { label: string; current: string; items: readonly { href: string; label: ReactNode; key: string }[] }) {
  return (
    <nav aria-label={label} className={styles.list}>
      {items.map((item) => (
        <Link key={item.key} href={item.href} className={styles.tab} aria-current={item.key === current ? 'page' : undefined}>
          {item.label}
        </Link>
      ))}
    </nav>
  );
}
