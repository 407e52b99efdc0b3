'use client';

import type { Virtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useState, type RefObject } from 'react';
import { isWanted } from '@/lib/message-target';
import type { ThreadItem } from '@/lib/thread';

/**
 * Quotes jump to the message they answer: scrolled to, focused (the keyboard continues from
 * there) and highlighted for a moment. A quote of a message further back loads older pages until
 * it is there. A link to a message (`?message=`) is found the same way (lib/message-target.ts).
 */
export function useJumpToMessage({
  rows,
  items,
  virtualizer,
  logRef,
  hasOlder,
  loadingOlder,
  olderFailed,
  onLoadOlder,
}: {
  rows: readonly { readonly key: string }[];
  items: readonly ThreadItem[];
  virtualizer: Virtualizer<HTMLDivElement, Element>;
  logRef: RefObject<HTMLDivElement | null>;
  hasOlder: boolean;
  loadingOlder: boolean;
  olderFailed: boolean;
  onLoadOlder: () => void;
}) {
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const jumpTo = useCallback(
    (key: string) => {
      const index = rows.findIndex((row) => row.key === key);
      if (index < 0) return;
      virtualizer.scrollToIndex(index, { align: 'center' });
      setHighlighted(key);
      // The row renders once it is in range: focus it then, so the keyboard continues from there.
      const focus = (attempt: number) =>
        requestAnimationFrame(() => {
          const element = logRef.current?.querySelector<HTMLElement>(`[data-key="${CSS.escape(key)}"]`);
          if (element) element.focus({ preventScroll: true });
          else if (attempt < 10) focus(attempt + 1);
        });
      focus(0);
    },
    [rows, virtualizer, logRef],
  );

  const [finding, setFinding] = useState<string | null>(null);
  useEffect(() => {
    if (!finding) return;
    const found = items.find((item) => isWanted(item, finding));
    if (found) {
      setFinding(null);
      jumpTo(found.key);
    } else if (!hasOlder || olderFailed) setFinding(null);
    else if (!loadingOlder) onLoadOlder();
  }, [finding, items, hasOlder, loadingOlder, olderFailed, onLoadOlder, jumpTo]);

  useEffect(() => {
    if (!highlighted) return;
    const timer = setTimeout(() => setHighlighted(null), 2000);
    return () => clearTimeout(timer);
  }, [highlighted]);

  return { jumpTo, find: setFinding, highlighted };
}
