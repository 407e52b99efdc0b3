import type { Metadata } from 'next';
import { NoConversationSelected } from '@/features/conversations/components/no-selection';

export const metadata: Metadata = { title: 'Conversations' };

export default function ConversationsPage() {
  return <NoConversationSelected />;
}
