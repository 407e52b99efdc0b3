import type { ReactNode } from 'react';
import { ConversationsSplit } from '@/features/conversations/components/conversations-split';
import { fetchConversations } from '@/features/conversations/conversations.queries';
import { filtersFrom } from '@/lib/list-filters';
import { currentPath, load } from '@/lib/server-api';

/** The conversation list beside whichever thread is open; the list's first page comes with the render. */
export default async function ConversationsLayout({ children }: { children: ReactNode }) {
  const filters = filtersFrom(new URL(await currentPath(), 'http://inbox.invalid').searchParams);
  const initial = await load((api) => fetchConversations(api, filters));
  return (
    <ConversationsSplit filters={filters} initial={initial}>
      {children}
    </ConversationsSplit>
  );
}
