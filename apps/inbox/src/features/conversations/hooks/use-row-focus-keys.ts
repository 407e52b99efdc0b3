'use client';

import { useEffect, type RefObject } from 'react';
import { isTypingTarget } from '@/lib/shortcuts';

/** j / k move the focus through the list's rows (Enter then opens the focused one), from the open conversation when none has the focus. */
export function useRowFocusKeys(listRef: RefObject<HTMLUListElement | null>): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'j' && event.key !== 'k') return;
      if (event.defaultPrevented || event.metaKey || event.ctrlKey || event.altKey || isTypingTarget(event.target as HTMLElement | null)) return;
      if (document.querySelector('[role="dialog"]')) return;
      const rows = [...(listRef.current?.querySelectorAll<HTMLAnchorElement>('a[data-row]') ?? [])];
      if (rows.length === 0) return;
      const focused = rows.indexOf(document.activeElement as HTMLAnchorElement);
      const from = focused >= 0 ? focused : rows.findIndex((row) => row.getAttribute('aria-current') === 'page');
      const to = from < 0 ? 0 : Math.min(rows.length - 1, Math.max(0, from + (event.key === 'j' ? 1 : -1)));
      event.preventDefault();
      rows[to]?.focus();
      rows[to]?.scrollIntoView({ block: 'nearest' });
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [listRef]);
}
