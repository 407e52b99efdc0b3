'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useToast } from '@/components/ui/toast';
import { toProblem } from '@/lib/api';
import { problemDetail } from '@/lib/problem';
import { newRequestId } from '@/lib/request-id';
import { eventEndpointKeys, replayDelivery } from '@/features/event-endpoints/event-endpoints.queries';

/**
 * Sending one delivery's event to its endpoint again. Each press is a new replay, so each gets a
 * key of its own; there is no dialog, so both outcomes are said in a toast.
 */
export function useReplayDelivery(endpointId: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (deliveryId: string) => replayDelivery(endpointId, deliveryId, newRequestId()),
    onSuccess: async () => {
      toast({ title: 'The event will be sent again', tone: 'success' });
      await queryClient.invalidateQueries({ queryKey: eventEndpointKeys.deliveries(endpointId) });
    },
    onError: (error) => toast({ title: 'Could not send it again', description: problemDetail(toProblem(error)), tone: 'danger' }),
  });
}
