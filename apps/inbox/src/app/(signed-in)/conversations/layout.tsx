import type { ReactNode } from 'react';
import { ConversationsSplit } from '../../../features/conversations/components/conversations-split';
import { fetchConversations, filterFrom } from '../../../features/conversations/conversations.queries';
import { currentPath, load } from '../../../lib/server-api';

/** The conversation list beside whichever thread is open; the list's first page comes with the render. */
export default async function ConversationsLayout({ children }: { children: ReactNode }) {
  const filter = filterFrom(new URL(await currentPath(), 'http://inbox.invalid').searchParams.get('state'));
  const initial = await load((api) => fetchConversations(api, filter));
  return (
    <ConversationsSplit filter={filter} initial={initial}>
      {children}
    </ConversationsSplit>
  );
}
