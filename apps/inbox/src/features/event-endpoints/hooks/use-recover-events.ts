'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useToast } from '@/components/ui/toast';
import { newRequestId } from '@/lib/request-id';
import { eventEndpointKeys, recoverEvents } from '@/features/event-endpoints/event-endpoints.queries';

/**
 * Sending an endpoint every event it missed since a moment (an ISO time). One key per dialog, so a
 * second Confirm is the same recovery; the count is said in a toast, then its deliveries refresh.
 */
export function useRecoverEvents(endpointId: string, onClose: () => void) {
  const [requestId] = useState(newRequestId);
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (since: string) => recoverEvents(endpointId, since, requestId),
    onSuccess: async (result) => {
      toast({ title: result.owed === 1 ? '1 event will be sent again' : `${result.owed} events will be sent again`, tone: 'success' });
      await queryClient.invalidateQueries({ queryKey: eventEndpointKeys.deliveries(endpointId) });
      onClose();
    },
  });
}
