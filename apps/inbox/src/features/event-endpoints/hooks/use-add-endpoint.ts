'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { newRequestId } from '@/lib/request-id';
import { createEventEndpoint, eventEndpointKeys, type NewEventEndpoint } from '@/features/event-endpoints/event-endpoints.queries';

/**
 * A signing secret to show once (the API never shows it again): an endpoint's first, or a new one
 * from a rotation, with until when the old one still signs (null: it no longer does).
 */
export type ShownSecret =
  | { readonly kind: 'added'; readonly url: string; readonly secret: string }
  | { readonly kind: 'rotated'; readonly url: string; readonly secret: string; readonly oldUntil: string | null };

/**
 * Adding an endpoint from the add dialog. One key per dialog: a second Confirm, or one after a
 * lost answer, is the same endpoint. The secret is shown before the list refreshes and the dialog closes.
 */
export function useAddEndpoint(onAdded: (added: ShownSecret) => void, onClose: () => void) {
  const [requestId] = useState(newRequestId);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewEventEndpoint) => createEventEndpoint(input, requestId),
    onSuccess: async (result) => {
      onAdded({ kind: 'added', url: result.endpoint.url, secret: result.secret });
      await queryClient.invalidateQueries({ queryKey: eventEndpointKeys.list });
      onClose();
    },
  });
}
