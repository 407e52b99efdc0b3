import type { Metadata } from 'next';
import { cache } from 'react';
import { Thread } from '@/features/conversations/components/thread';
import { fetchConversation } from '@/features/conversations/conversations.queries';
import { contactLabel } from '@/lib/message-content';
import { load } from '@/lib/server-api';

type Params = Promise<{ id: string }>;

// The title and the page share one request.
const loadConversation = cache((id: string) => load((api) => fetchConversation(api, id)));

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const loaded = await loadConversation((await params).id);
  return { title: loaded.ok ? contactLabel(loaded.data.conversation.contact) : 'Conversation' };
}

export default async function ConversationPage({ params }: { params: Params }) {
  const { id } = await params;
  return <Thread key={id} id={id} initial={await loadConversation(id)} />;
}
