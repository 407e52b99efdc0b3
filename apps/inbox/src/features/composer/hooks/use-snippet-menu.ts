import type { Snippet } from '@sendbook/api-contract';
import { useQuery } from '@tanstack/react-query';
import { useState, type KeyboardEvent } from 'react';
import { snippetsQuery } from '@/features/snippets/snippets.queries';
import { fillSnippet, matchingSnippets, snippetTrigger, type SnippetValues } from '@/lib/snippet-fill';

const SHOWN = 8;

/**
 * Typing `/` (at the start or after a space) in the Message box opens the saved answers, filtered
 * by what follows; ↑/↓ move, Enter or Tab inserts the chosen one with its variables filled in place
 * of the `/word`, Escape closes it until the text changes. Several can go into one reply.
 */
export function useSnippetMenu({ text, setText, values }: { text: string; setText: (text: string) => void; values: SnippetValues }) {
  const snippets = useQuery(snippetsQuery()).data?.data ?? [];
  const [active, setActive] = useState(0);
  const [closedFor, setClosedFor] = useState<string | null>(null);
  const trigger = snippetTrigger(text);
  const items = trigger ? matchingSnippets(snippets, trigger.query).slice(0, SHOWN) : [];
  const open = trigger !== null && closedFor !== text && snippets.length > 0;
  const current = Math.min(active, Math.max(0, items.length - 1));

  const choose = (snippet: Snippet) => {
    if (!trigger) return;
    setText(text.slice(0, trigger.start) + fillSnippet(snippet.text, values));
    setActive(0);
  };

  /** The menu's keys, before the textbox's own (Enter would otherwise send): true when it took the key. */
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (!open) return false;
    if (event.key === 'Escape') {
      setClosedFor(text);
    } else if (items.length === 0) {
      return false;
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      setActive((current + (event.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length);
    } else if ((event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) || event.key === 'Tab') {
      choose(items[current]!);
    } else {
      return false;
    }
    event.preventDefault();
    return true;
  };

  return { open, items, active: current, query: trigger?.query ?? '', choose, onKeyDown };
}
