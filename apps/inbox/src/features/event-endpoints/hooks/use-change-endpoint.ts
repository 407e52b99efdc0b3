'use client';

import type { EventEndpoint } from '@sendbook/api-contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useToast } from '@/components/ui/toast';
import { newRequestId } from '@/lib/request-id';
import { deleteEventEndpoint, eventEndpointKeys, setEventEndpointEnabled } from '@/features/event-endpoints/event-endpoints.queries';

/** A change to one endpoint that a dialog confirms: enable or disable it (`toggle`), or delete it. */
export interface EndpointChange {
  readonly kind: 'toggle' | 'delete';
  readonly endpoint: EventEndpoint;
}

/**
 * Enabling, disabling or deleting an endpoint. One key per dialog, so a second Confirm is the same
 * change; `done` is the toast. A deleted endpoint's deliveries close (`onDeleted`) before the list
 * refreshes and the dialog closes.
 */
export function useChangeEndpoint({ kind, endpoint }: EndpointChange, done: string, onDeleted: (id: string) => void, onClose: () => void) {
  const [requestId] = useState(newRequestId);
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: async () => {
      if (kind === 'delete') await deleteEventEndpoint(endpoint.id, requestId);
      else await setEventEndpointEnabled(endpoint.id, !endpoint.enabled, requestId);
    },
    onSuccess: async () => {
      toast({ title: done, tone: 'success' });
      if (kind === 'delete') onDeleted(endpoint.id);
      await queryClient.invalidateQueries({ queryKey: eventEndpointKeys.list });
      onClose();
    },
  });
}
