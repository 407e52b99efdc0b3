'use client';

import type { StaffMember } from '@sendbook/api-contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useToast } from '@/components/ui/toast';
import { newRequestId } from '@/lib/request-id';
import { resetStaffPassword, staffKeys, updateStaff } from '@/features/staff/staff.queries';
import type { OneTimeLink } from './use-invite-staff';

/** A change to one member that a dialog confirms. */
export interface StaffChange {
  readonly kind: 'role' | 'active' | 'reset' | 'resend';
  readonly member: StaffMember;
}

/**
 * Changing a member: flip the role, deactivate or reactivate (`done` is the toast), or reset the
 * password or resend the invite (a new one-time link to show). One key per dialog, so a second
 * Confirm is the same change; the list refreshes before the dialog closes.
 */
export function useChangeStaff({ kind, member }: StaffChange, done: string, onLink: (link: OneTimeLink) => void, onClose: () => void) {
  const [requestId] = useState(newRequestId);
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: async () => {
      if (kind === 'reset' || kind === 'resend') {
        // A new one-time link either way; the old one stops working.
        const result = await resetStaffPassword(member.id, requestId);
        onLink({
          title:
            kind === 'resend'
              ? `A new invite link for ${member.name}; the old one no longer works`
              : `${member.name}’s password is reset; their sessions ended`,
          url: result.invite_url,
        });
        return;
      }
      await updateStaff(member.id, kind === 'role' ? { role: member.role === 'admin' ? 'agent' : 'admin' } : { active: !member.active }, requestId);
      toast({ title: done, tone: 'success' });
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: staffKeys.list });
      onClose();
    },
  });
}
