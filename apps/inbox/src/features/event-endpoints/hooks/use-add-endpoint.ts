'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { newRequestId } from '@/lib/request-id';
import { createEventEndpoint, eventEndpointKeys, type NewEventEndpoint } from '@/features/event-endpoints/event-endpoints.queries';

/** An endpoint just added, with its signing secret: the API never shows the secret again. */
export interface AddedEndpoint {
  readonly url: string;
  readonly secret: string;
}

/**
 * Adding an endpoint from the add dialog. One key per dialog: a second Confirm, or one after a
 * lost answer, is the same endpoint. The secret is shown before the list refreshes and the dialog closes.
 */
export function useAddEndpoint(onAdded: (added: AddedEndpoint) => void, onClose: () => void) {
  const [requestId] = useState(newRequestId);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewEventEndpoint) => createEventEndpoint(input, requestId),
    onSuccess: async (result) => {
      onAdded({ url: result.endpoint.url, secret: result.secret });
      await queryClient.invalidateQueries({ queryKey: eventEndpointKeys.list });
      onClose();
    },
  });
}
