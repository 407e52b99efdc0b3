'use client';

import { useEffect, useRef, type RefObject } from 'react';
import { isTypingTarget } from '@/lib/shortcuts';
import { actionForKey, type WorkAction } from '@/lib/work-actions';
import type { WorkItem } from '@/features/work-queues/work-queues.queries';

/** j/k move focus between rows (selection follows), Escape closes the detail, an action's key opens its dialog. */
export function useQueueKeys(input: {
  items: WorkItem[];
  selectedId: string | null;
  setSelectedId: (id: string | null) => void;
  tableRef: RefObject<HTMLDivElement | null>;
  onAction: ((item: WorkItem, action: WorkAction) => void) | null;
  disabled: boolean;
}) {
  const latest = useRef(input);
  latest.current = input;
  useEffect(() => {
    let lastKey = '';
    let lastAt = 0;
    const onKeyDown = (event: KeyboardEvent) => {
      const { items, selectedId, setSelectedId, tableRef, onAction, disabled } = latest.current;
      if (disabled || event.defaultPrevented || event.metaKey || event.ctrlKey || event.altKey) return;
      if (isTypingTarget(event.target as HTMLElement | null) || document.querySelector('[role="dialog"]')) return;
      // "g w" goes somewhere (the shell's shortcut): the key after g is never an action here.
      const afterG = lastKey === 'g' && event.timeStamp - lastAt < 1200;
      lastKey = event.key.toLowerCase();
      lastAt = event.timeStamp;
      if (afterG) return;
      const index = items.findIndex((i) => i.id === selectedId);
      if (event.key === 'j' || event.key === 'k') {
        if (items.length === 0) return;
        event.preventDefault();
        const to = index < 0 ? 0 : Math.min(items.length - 1, Math.max(0, index + (event.key === 'j' ? 1 : -1)));
        setSelectedId(items[to]!.id);
        const openers = tableRef.current?.querySelectorAll<HTMLButtonElement>('[data-row-opener]');
        openers?.[to]?.focus();
        return;
      }
      if (event.key === 'Escape' && selectedId) {
        setSelectedId(null);
        return;
      }
      const item = index >= 0 ? items[index]! : null;
      if (!item || !onAction || event.key.length !== 1) return;
      const action = actionForKey(item, event.key);
      if (action) {
        event.preventDefault();
        onAction(item, action);
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
