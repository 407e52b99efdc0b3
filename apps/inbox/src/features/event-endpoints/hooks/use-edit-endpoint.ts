'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useToast } from '@/components/ui/toast';
import { eventEndpointKeys, updateEventEndpoint, type NewEventEndpoint } from '@/features/event-endpoints/event-endpoints.queries';
import { newRequestId } from '@/lib/request-id';

/** Saving an endpoint's edit dialog. One key per dialog, so a second Confirm is the same change. */
export function useEditEndpoint(endpointId: string, onClose: () => void) {
  const [requestId] = useState(newRequestId);
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (change: Partial<NewEventEndpoint>) => updateEventEndpoint(endpointId, change, requestId),
    onSuccess: async () => {
      toast({ title: 'Endpoint saved', tone: 'success' });
      await queryClient.invalidateQueries({ queryKey: eventEndpointKeys.list });
      onClose();
    },
  });
}
