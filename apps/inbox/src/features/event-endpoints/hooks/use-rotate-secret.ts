'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { eventEndpointKeys, rotateEventEndpointSecret } from '@/features/event-endpoints/event-endpoints.queries';
import { newRequestId } from '@/lib/request-id';
import type { ShownSecret } from '@/features/event-endpoints/hooks/use-add-endpoint';

/**
 * Rotating an endpoint's signing secret from its dialog. One key per dialog: a second Confirm, or
 * one after a lost answer, is the same rotation. The new secret is shown before the list refreshes
 * and the dialog closes, with until when the old one still signs.
 */
export function useRotateSecret(endpointId: string, onRotated: (shown: ShownSecret) => void, onClose: () => void) {
  const [requestId] = useState(newRequestId);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keepOldForHours: number) => rotateEventEndpointSecret(endpointId, keepOldForHours, requestId),
    onSuccess: async (result) => {
      onRotated({ kind: 'rotated', url: result.endpoint.url, secret: result.secret, oldUntil: result.endpoint.previous_secret_expires_at });
      await queryClient.invalidateQueries({ queryKey: eventEndpointKeys.list });
      onClose();
    },
  });
}
