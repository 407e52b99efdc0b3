'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useToast } from '@/components/ui/toast';
import { toProblem } from '@/lib/api';
import { problemDetail } from '@/lib/problem';
import { withRequestId } from '@/lib/request-id';
import { useCurrentStaff } from '@/features/auth/current-staff';
import { conversationKeys, updateConversation } from '@/features/conversations/conversations.queries';
import { workKeys } from '../work-queues.queries';

/**
 * Taking a waiting customer's conversation from the queue, as A does in the thread: one request
 * with its own idempotency key, no dialog (it sends nothing and is undone by unassigning). The
 * queue and the conversation lists refresh; success and refusal are said in a toast.
 */
export function useAssignToMe() {
  const me = useCurrentStaff();
  const queryClient = useQueryClient();
  const toast = useToast();
  const mutation = useMutation({
    mutationFn: (variables: { conversationId: string; name: string; requestId: string }) =>
      updateConversation(variables.conversationId, { assignee: me.id }, variables.requestId),
    onSuccess: (_data, variables) => {
      toast({ tone: 'success', title: `${variables.name} is yours now` });
      void queryClient.invalidateQueries({ queryKey: conversationKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: conversationKeys.detail(variables.conversationId) });
      return queryClient.invalidateQueries({ queryKey: workKeys.kind('waiting_customer') });
    },
    onError: (error) => toast({ tone: 'danger', title: 'Could not assign it to you', description: problemDetail(toProblem(error)) }),
  });
  return {
    pending: mutation.isPending,
    assign: (conversationId: string, name: string) => mutation.mutate(withRequestId({ conversationId, name })),
  };
}
