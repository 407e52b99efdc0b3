'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Conversation } from '@sendbook/api-contract';
import { useToast } from '@/components/ui/toast';
import { toProblem } from '@/lib/api';
import { problemDetail } from '@/lib/problem';
import { withRequestId } from '@/lib/request-id';
import { conversationKeys, replaceLabels, snoozeConversation, wakeConversation, type ConversationDetail } from '../conversations.queries';

/**
 * A thread's labels (the whole set replaced on each change) and its snooze: each press one request
 * with its own idempotency key, the answer straight into the thread's cache, the lists (and the
 * labels in use) refreshed. A refusal is said in a toast.
 */
export function useLabelsAndSnooze(id: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const apply = ({ conversation }: { conversation: Conversation }) => {
    queryClient.setQueryData<ConversationDetail>(conversationKeys.detail(id), (current) => (current ? { ...current, conversation } : current));
    void queryClient.invalidateQueries({ queryKey: conversationKeys.lists() });
  };
  const failed = (title: string) => (error: unknown) => toast({ tone: 'danger', title, description: problemDetail(toProblem(error)) });

  const labels = useMutation({
    mutationFn: (v: { labels: string[]; requestId: string }) => replaceLabels(id, v.labels, v.requestId),
    onSuccess: apply,
    onError: failed('Could not change the labels'),
  });
  const snooze = useMutation({
    mutationFn: (v: { until: string; done: string; requestId: string }) => snoozeConversation(id, v.until, v.requestId),
    onSuccess: (answer, v) => {
      apply(answer);
      toast({ tone: 'success', title: v.done });
    },
    onError: failed('Could not snooze it'),
  });
  const wake = useMutation({
    mutationFn: (v: { requestId: string }) => wakeConversation(id, v.requestId),
    onSuccess: (answer) => {
      apply(answer);
      toast({ tone: 'success', title: 'Back in Open' });
    },
    onError: failed('Could not wake it'),
  });

  return {
    busy: labels.isPending || snooze.isPending || wake.isPending,
    setLabels: (next: string[]) => labels.mutate(withRequestId({ labels: next })),
    snooze: (until: string, done: string) => snooze.mutate(withRequestId({ until, done })),
    wake: () => wake.mutate(withRequestId({})),
  };
}
