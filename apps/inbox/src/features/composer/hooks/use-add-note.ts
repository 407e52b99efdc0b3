'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addNote, conversationKeys } from '@/features/conversations/conversations.queries';

/** A private note on one conversation: for the team, never sent. `onAdded` runs before the thread refetches. */
export function useAddNote(conversationId: string, onAdded: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ text, requestId }: { text: string; requestId: string }) => addNote(conversationId, text, requestId),
    onSuccess: () => {
      onAdded();
      void queryClient.invalidateQueries({ queryKey: conversationKeys.detail(conversationId) });
    },
  });
}
