'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toProblem } from '@/lib/api';
import { problemDetail } from '@/lib/problem';
import { conversationKeys, sendReply, type ReplyBody } from '@/features/conversations/conversations.queries';

export interface ReplyVariables {
  readonly body: ReplyBody;
  /** The id of the message it answers, or null. */
  readonly replyTo: string | null;
  /** The draft's key: a second press, or a retry after a lost answer, is the same send. */
  readonly requestId: string;
}

/**
 * An agent's reply (free text or a template) to one conversation. `onSent` runs before the thread
 * refetches, and also when the composer is gone by the time the answer comes, so a sent draft is
 * never offered again.
 */
export function useSendReply(conversationId: string, onSent: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, replyTo, requestId }: ReplyVariables) => sendReply(conversationId, body, replyTo, requestId),
    onSuccess: () => {
      onSent();
      void queryClient.invalidateQueries({ queryKey: conversationKeys.detail(conversationId) });
    },
  });
}

/** Why a reply was not sent, in words: a closed window is the one refusal the agent can act on here. */
export function replyFailure(error: unknown, contact: string): string {
  const problem = toProblem(error);
  return problem.code === 'window_closed' ? `The 24-hour window has closed: ${contact} can only get a template now.` : problemDetail(problem);
}
