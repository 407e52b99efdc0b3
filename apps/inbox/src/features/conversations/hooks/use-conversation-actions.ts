'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useToast } from '@/components/ui/toast';
import { browserApi, toProblem, unwrap } from '@/lib/api';
import { problemDetail } from '@/lib/problem';
import { withRequestId } from '@/lib/request-id';
import { conversationKeys, markSeen, updateConversation, type ConversationChange, type ConversationDetail } from '../conversations.queries';

/**
 * Working a conversation: assign (to me, to someone, to no one), close, reopen, mark seen. Each
 * press is one request with its own idempotency key; the answer goes straight into the thread's
 * cache and the lists and counts refresh. A refusal is said in a toast, never swallowed.
 */
export function useConversationActions(id: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const settle = () => void queryClient.invalidateQueries({ queryKey: conversationKeys.lists() });

  const update = useMutation({
    mutationFn: (variables: ConversationChange & { requestId: string; done: string }) =>
      updateConversation(id, { state: variables.state, assignee: variables.assignee }, variables.requestId),
    onSuccess: ({ conversation }, variables) => {
      queryClient.setQueryData<ConversationDetail>(conversationKeys.detail(id), (current) => (current ? { ...current, conversation } : current));
      settle();
      toast({ tone: 'success', title: variables.done });
    },
    onError: (error) => toast({ tone: 'danger', title: 'That did not work', description: problemDetail(toProblem(error)) }),
  });

  const seen = useMutation({
    mutationFn: (variables: { requestId: string }) => unwrap(markSeen(browserApi(), id, variables.requestId)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: conversationKeys.detail(id) });
      settle();
      toast({ tone: 'success', title: 'Marked as seen' });
    },
    onError: (error) => toast({ tone: 'danger', title: 'Could not mark it seen', description: problemDetail(toProblem(error)) }),
  });

  return {
    busy: update.isPending || seen.isPending,
    assign: (assignee: string | null, name: string | null) =>
      update.mutate(withRequestId({ assignee, done: assignee ? `Assigned to ${name ?? 'them'}` : 'Unassigned' })),
    close: () => update.mutate(withRequestId({ state: 'closed' as const, done: 'Conversation closed' })),
    reopen: () => update.mutate(withRequestId({ state: 'open' as const, done: 'Conversation reopened' })),
    markSeen: () => seen.mutate(withRequestId({})),
  };
}
