'use client';

import { useMutation } from '@tanstack/react-query';
import { newRequestId } from '@/lib/request-id';
import { bulkMaxFrom, type WorkAction } from '@/lib/work-actions';
import type { WorkKind } from '@/lib/work-kinds';
import { countBulk } from '@/features/work-queues/work-queues.queries';

/** What the dry run found: how many items the action would touch, or too many (the API's maximum, when it said). */
export type BulkCount = { kind: 'counted'; count: number } | { kind: 'too_wide'; max: number | null };

/** The dry run of a bulk action. Counting changes nothing, so each press gets a key of its own. */
export function useBulkCount(kind: WorkKind, onCounted: (count: BulkCount) => void) {
  return useMutation({
    mutationFn: async ({ action, filters }: { action: WorkAction; filters: Record<string, string> }): Promise<BulkCount> => {
      const result = await countBulk({ kind, action, filters, requestId: newRequestId() });
      return result.kind === 'counted' ? result : { kind: 'too_wide', max: bulkMaxFrom(result.message) };
    },
    onSuccess: onCounted,
  });
}
