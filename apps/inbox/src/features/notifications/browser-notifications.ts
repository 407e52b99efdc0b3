'use client';

import type { Permission } from '@/lib/notify';

/** The browser's Notification API, where there is one; the page asks for permission only from a click at /settings/profile. */

export function notificationPermission(): Permission {
  return typeof window !== 'undefined' && 'Notification' in window ? Notification.permission : 'unsupported';
}

/** Asks the browser (call it from a click: browsers ignore a request without one). */
export async function requestNotificationPermission(): Promise<Permission> {
  if (notificationPermission() === 'unsupported') return 'unsupported';
  return Notification.requestPermission();
}
