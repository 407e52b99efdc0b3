'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { browserApi, unwrap } from '@/lib/api';
import { withRequestId } from '@/lib/request-id';
import { conversationKeys, markSeen } from '../conversations.queries';

/**
 * Opening a thread with unread messages tells the API the agent has seen them, once per batch of
 * unread messages (each with its own idempotency key), and the list's counts refresh.
 */
export function useMarkSeen(id: string, unread: number | undefined): void {
  const queryClient = useQueryClient();
  const done = useRef<string | null>(null);
  const mutation = useMutation({
    mutationFn: (variables: { id: string; requestId: string }) => unwrap(markSeen(browserApi(), variables.id, variables.requestId)),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: conversationKeys.lists() }),
  });
  const { mutate } = mutation;
  useEffect(() => {
    if (!unread || unread <= 0) return;
    const mark = `${id}:${unread}`;
    if (done.current === mark) return;
    done.current = mark;
    mutate(withRequestId({ id }));
  }, [id, unread, mutate]);
}
