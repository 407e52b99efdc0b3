'use client';

import type { ConversationSummary } from '@sendbook/api-contract';
import { useRouter } from 'next/navigation';
import { useMemo, type RefObject } from 'react';
import { VIEWS, type ListFilters } from '@/lib/list-filters';
import { contactLabel, contactNumber } from '@/lib/message-content';
import { useCommands, type PaletteCommand } from '@/features/shell/commands';
import { useKeyBindings } from '@/features/shell/hooks/use-key-bindings';

/** ] and [ open the next and previous conversation in the list; the palette offers those, the views, the window filter and each conversation. */
export function useListCommands({
  conversations,
  selectedId,
  suffix,
  windowOpen,
  goRef,
}: {
  conversations: readonly ConversationSummary[];
  selectedId: string | null;
  /** The filters as a query string, kept on every link so the list stays as it is. */
  suffix: string;
  windowOpen: boolean;
  goRef: RefObject<(patch: Partial<ListFilters>) => void>;
}): void {
  const router = useRouter();
  const step = (by: 1 | -1) => {
    if (conversations.length === 0) return;
    const at = conversations.findIndex((c) => c.id === selectedId);
    const next = conversations[at < 0 ? 0 : Math.min(conversations.length - 1, Math.max(0, at + by))];
    if (next && next.id !== selectedId) router.push(`/conversations/${next.id}${suffix}`);
  };
  useKeyBindings({ ']': () => step(1), '[': () => step(-1) });

  const commands = useMemo<PaletteCommand[]>(
    () => [
      { id: 'list-next', label: 'Next conversation', group: 'Conversations', hint: ']', run: () => step(1) },
      { id: 'list-previous', label: 'Previous conversation', group: 'Conversations', hint: '[', run: () => step(-1) },
      ...VIEWS.map((v) => ({
        id: `list-view-${v.value}`,
        label: `Show ${v.label.toLowerCase()} conversations`,
        group: 'Conversations',
        run: () => goRef.current({ view: v.value }),
      })),
      {
        id: 'list-window',
        label: windowOpen ? 'Show every window' : 'Show only open windows',
        group: 'Conversations',
        run: () => goRef.current({ windowOpen: !windowOpen }),
      },
      ...conversations.slice(0, 100).map((c) => ({
        id: `open-${c.id}`,
        label: `Open ${contactLabel(c.contact)}`,
        group: 'Conversations',
        keywords: [contactNumber(c.contact) ?? '', c.contact.name ?? ''].filter(Boolean),
        run: () => router.push(`/conversations/${c.id}${suffix}`),
      })),
    ],
    // step and go read the current list and filters.
    [conversations, router, suffix, windowOpen, selectedId],
  );
  useCommands('conversation-list', commands);
}
