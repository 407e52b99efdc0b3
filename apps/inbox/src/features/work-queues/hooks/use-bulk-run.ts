'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useToast } from '@/components/ui/toast';
import { newRequestId } from '@/lib/request-id';
import { bulkOutcome, type WorkAction } from '@/lib/work-actions';
import type { WorkKind } from '@/lib/work-kinds';
import { runBulk, workKeys } from '@/features/work-queues/work-queues.queries';

export interface BulkRun {
  readonly action: WorkAction;
  readonly filters: Record<string, string>;
  /** What the dry run counted: the API refuses the run when the queue changed meanwhile. */
  readonly expected: number;
  readonly note: string;
}

/**
 * The bulk action itself. One key for the dialog, so a second Confirm, or one after a lost answer,
 * is the same run. The outcome is said in the dialog (`onDone`) and in a toast, then every queue refreshes.
 */
export function useBulkRun(kind: WorkKind, onDone: (outcome: string) => void) {
  const [requestId] = useState(newRequestId);
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: ({ action, filters, expected, note }: BulkRun) => runBulk({ kind, action, filters, dryRun: false, expected, note, requestId }),
    onSuccess: async (result, { action }) => {
      const words = bulkOutcome({ kind, action, count: result.count, done: result.done, failed: result.failed.length });
      onDone(words);
      toast({ title: words, tone: result.failed.length ? 'warning' : 'success' });
      await queryClient.invalidateQueries({ queryKey: workKeys.all });
    },
  });
}
