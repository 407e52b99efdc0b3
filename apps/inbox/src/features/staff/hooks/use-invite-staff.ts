'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { newRequestId } from '@/lib/request-id';
import { inviteStaff, staffKeys, type StaffInvite } from '@/features/staff/staff.queries';

/** A one-time link to show once: an invite, or a password reset. */
export interface OneTimeLink {
  readonly title: string;
  readonly url: string;
}

/**
 * Inviting a staff member from the invite dialog. One key per dialog: a second Confirm, or one
 * after a lost answer, is the same invite. The link is shown before the list refreshes and the
 * dialog closes.
 */
export function useInviteStaff(onInvited: (link: OneTimeLink) => void, onClose: () => void) {
  const [requestId] = useState(newRequestId);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invite: StaffInvite) => inviteStaff(invite, requestId),
    onSuccess: async (result) => {
      if (result.invite_url)
        onInvited({ title: `${result.staff.name} is invited as ${result.staff.role === 'admin' ? 'an admin' : 'an agent'}`, url: result.invite_url });
      await queryClient.invalidateQueries({ queryKey: staffKeys.list });
      onClose();
    },
  });
}
