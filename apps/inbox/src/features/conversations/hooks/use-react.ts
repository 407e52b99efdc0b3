'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useToast } from '@/components/ui/toast';
import { browserApi, toProblem, unwrap } from '@/lib/api';
import { problemDetail } from '@/lib/problem';
import { idempotencyHeaders, withRequestId } from '@/lib/request-id';
import { conversationKeys } from '../conversations.queries';

/**
 * The agent reacts to a message of the thread (`emoji` "" takes the reaction back): sent through
 * the API's outbox with one idempotency key per press. The thread refetches on success; a refusal
 * (the window closed meanwhile, say) is said in a toast.
 */
export function useReact(conversationId: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const mutation = useMutation({
    mutationFn: ({ messageId, emoji, requestId }: { messageId: string; emoji: string; requestId: string }) =>
      unwrap(
        browserApi().client.POST('/v1/conversations/{id}/reactions', {
          params: { path: { id: conversationId } },
          body: { message_id: messageId, emoji, client_request_id: requestId },
          headers: idempotencyHeaders(requestId),
        }),
      ),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: conversationKeys.detail(conversationId) }),
    onError: (error) => {
      const problem = toProblem(error);
      toast({
        tone: 'danger',
        title: 'Reaction not sent',
        description: problem.code === 'window_closed' ? 'The 24-hour window has closed: only a template can be sent now.' : problemDetail(problem),
      });
    },
  });
  return { react: (messageId: string, emoji: string) => mutation.mutate(withRequestId({ messageId, emoji })), pending: mutation.isPending };
}
