'use client';

import { useEffect, useRef } from 'react';
import { IDLE, isTypingTarget, stepSequence, type SequenceState } from '@/lib/shortcuts';

/**
 * Keyboard shortcuts for the whole shell: ⌘K / Ctrl+K (even while typing) and two-key sequences
 * such as "g c" (never while typing in a field, never with a modifier held).
 */
export function useShortcuts({ onPalette, sequences }: { onPalette: () => void; sequences: ReadonlyMap<string, () => void> }): void {
  const state = useRef<SequenceState>(IDLE);
  const latest = useRef({ onPalette, sequences });
  latest.current = { onPalette, sequences };
  // The bound sequences are fixed for a role; the actions are always read through `latest`.
  const signature = [...sequences.keys()].join('|');

  useEffect(() => {
    const bindings = new Map([...latest.current.sequences.keys()].map((sequence) => [sequence, sequence]));
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.metaKey || event.ctrlKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        latest.current.onPalette();
        return;
      }
      if (event.defaultPrevented || event.metaKey || event.ctrlKey || event.altKey || event.key.length !== 1) return;
      if (isTypingTarget(event.target as HTMLElement | null)) return;
      if (document.querySelector('[role="dialog"]')) return;
      const step = stepSequence(state.current, event.key, event.timeStamp, bindings);
      state.current = step.state;
      if (step.fire) {
        event.preventDefault();
        latest.current.sequences.get(step.fire)?.();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [signature]);
}
