'use client';

import type { NotificationSettings, StaffMember } from '@sendbook/api-contract';
import { useQuery } from '@tanstack/react-query';
import { useArrivalNotices } from '../hooks/use-arrival-notices';
import { useTabTitle } from '../hooks/use-tab-title';
import { meQuery } from '../notifications.queries';

/**
 * Everything that tells the signed-in person a customer wrote, wherever they are in the inbox: the
 * count in the tab title, the chime, the browser notification. Their settings start from the server
 * render and follow /settings/profile (the same query). Draws nothing.
 */
export function Notifier({ staff, notifications }: { staff: StaffMember; notifications: NotificationSettings }) {
  const me = useQuery({ ...meQuery, initialData: { staff, notifications } });
  const settings = me.data.notifications;
  useTabTitle(settings.views);
  useArrivalNotices(staff.id, settings);
  return null;
}
