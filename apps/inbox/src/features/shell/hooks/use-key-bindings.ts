'use client';

import { useEffect, useRef } from 'react';
import { isTypingTarget } from '@/lib/shortcuts';

/**
 * Single-key shortcuts a page offers while it is on screen ("r" reply, "a" assign to me): never
 * while typing in a field, with a modifier held, or with a dialog open. `bindings` maps a key
 * (as `KeyboardEvent.key`) to its action; the latest actions are always the ones run.
 */
export function useKeyBindings(bindings: Readonly<Record<string, () => void>>): void {
  const latest = useRef(bindings);
  latest.current = bindings;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.metaKey || event.ctrlKey || event.altKey) return;
      if (isTypingTarget(event.target as HTMLElement | null)) return;
      if (document.querySelector('[role="dialog"], [role="menu"]')) return;
      const action = latest.current[event.key];
      if (!action) return;
      event.preventDefault();
      action();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
