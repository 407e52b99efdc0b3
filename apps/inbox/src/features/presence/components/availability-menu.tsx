'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { browserApi, unwrap } from '@/lib/api';
import { idempotencyHeaders, newRequestId } from '@/lib/request-id';
import { useCurrentStaff } from '@/features/auth/current-staff';
import { meQuery, type Me } from '@/features/notifications/notifications.queries';
import styles from './presence.module.css';

type Availability = Me['staff']['availability'];

const CHOICES: readonly { value: Availability; label: string }[] = [
  { value: 'available', label: 'Available' },
  { value: 'busy', label: 'Busy' },
  { value: 'away', label: 'Away' },
];

/** What you say of yourself, by your name: available for new conversations, busy, or away. */
export function AvailabilityMenu() {
  const staff = useCurrentStaff();
  const queryClient = useQueryClient();
  const me = useQuery({ ...meQuery, enabled: false, initialData: undefined });
  const current: Availability = me.data?.staff.availability ?? staff.availability;
  const change = useMutation({
    mutationFn: (availability: Availability) =>
      unwrap(browserApi().client.PATCH('/v1/auth/me', { body: { availability }, headers: idempotencyHeaders(newRequestId()) })),
    onSuccess: (data) => {
      queryClient.setQueryData(meQuery.queryKey, data);
      void queryClient.invalidateQueries({ queryKey: ['team'] });
    },
  });
  const shown = change.isPending && change.variables ? change.variables : current;
  return (
    <label className={styles.availability} title="Whether you take new conversations">
      <span className={styles.online} data-online data-availability={shown} aria-hidden />
      <select aria-label="Availability" value={shown} onChange={(e) => change.mutate(e.target.value as Availability)} disabled={change.isPending}>
        {CHOICES.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </label>
  );
}
