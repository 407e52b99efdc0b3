'use client';

import type { NotificationSettingsChange } from '@sendbook/api-contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useToast } from '@/components/ui/toast';
import { toProblem } from '@/lib/api';
import { problemDetail } from '@/lib/problem';
import { newRequestId } from '@/lib/request-id';
import { sessionKeys } from '@/features/auth/auth.queries';
import { updateNotificationSettings } from '../notifications.queries';

/**
 * Saving one's notification settings (`PATCH /v1/auth/me`): the answer is the new `me`, put in the
 * cache at once, so the chime, the pop-ups and the tab title follow without a reload. Each save is
 * its own change (its own idempotency key); a failure is said in a toast.
 */
export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (change: NotificationSettingsChange) => updateNotificationSettings(change, newRequestId()),
    onSuccess: (me) => {
      queryClient.setQueryData(sessionKeys.me, me);
      toast({ tone: 'success', title: 'Notification settings saved' });
    },
    onError: (error) => toast({ tone: 'danger', title: 'Could not save your notification settings', description: problemDetail(toProblem(error)) }),
  });
}
