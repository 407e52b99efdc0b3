'use client';

import { useRef } from 'react';
import { toProblem } from '@/lib/api';
import { problemDetail } from '@/lib/problem';
import { newRequestId } from '@/lib/request-id';
import { SendLatch } from '@/lib/send-guard';
import { useSendReply } from './use-send-reply';

/** Where a template goes: the conversation, the message it answers (or null), and the draft to forget once it is sent. */
export interface TemplateTarget {
  readonly conversationId: string;
  readonly replyTo: string | null;
  readonly onSent: () => void;
}

/**
 * Sending one filled-in template from the picker, once per press. Each form has its own mutation,
 * so a failure is said beside the form that failed and another template starts without one. The
 * key stays for another press after a failure and is renewed once the template is sent.
 */
export function useSendTemplate(target: TemplateTarget, onDone: () => void) {
  const requestId = useRef(newRequestId());
  // The mutation's pending state arrives a render too late for a second press.
  const latch = useRef(new SendLatch()).current;
  const mutation = useSendReply(target.conversationId, target.onSent);

  const send = async (template: Record<string, unknown>) => {
    if (!latch.begin()) return;
    try {
      await mutation.mutateAsync({ body: { template }, replyTo: target.replyTo, requestId: requestId.current });
      requestId.current = newRequestId();
      onDone();
    } catch {
      // Said from `mutation.error`; the form stays, with its key, for another press.
    } finally {
      latch.end();
    }
  };

  return {
    send,
    sending: mutation.isPending,
    failure: mutation.error ? problemDetail(toProblem(mutation.error)) : null,
  };
}
