'use client';

import type { NotificationSettings, StaffMember } from '@sendbook/api-contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Page, PageDescription } from '@/components/page';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { permissionWords, type Permission } from '@/lib/notify';
import { notificationPermission, requestNotificationPermission } from '../browser-notifications';
import { previewChime } from '../chime';
import { useSaveNotificationSettings } from '../hooks/use-save-notification-settings';
import { meQuery } from '../notifications.queries';
import { NotificationSettingsForm } from './notification-settings-form';
import styles from './profile.module.css';

/** /settings/profile: who you are, and what tells you a customer wrote (stored for you, in every browser). */
export function ProfilePage({ staff, notifications }: { staff: StaffMember; notifications: NotificationSettings }) {
  const me = useQuery({ ...meQuery, initialData: { staff, notifications } });
  const save = useSaveNotificationSettings();
  const permission = usePermission();
  const permissionId = useId();

  const allow = async () => {
    const answer = await requestNotificationPermission();
    permission.set(answer);
    // Asked for by the person, so turned on with it; the form follows the stored settings.
    if (answer === 'granted' && !me.data.notifications.browser) save.mutate({ browser: true });
  };

  return (
    <Page title="Profile" subtitle="Your account and notifications">
      <section className={styles.section} aria-labelledby="profile-you">
        <h2 id="profile-you" className={styles.heading}>
          You
        </h2>
        <dl className={styles.facts}>
          <dt>Name</dt>
          <dd>{me.data.staff.name}</dd>
          <dt>Email</dt>
          <dd>{me.data.staff.email}</dd>
          <dt>Role</dt>
          <dd>
            <Badge tone={me.data.staff.role === 'admin' ? 'accent' : 'neutral'}>{me.data.staff.role === 'admin' ? 'Admin' : 'Agent'}</Badge>
          </dd>
        </dl>
      </section>

      <section className={styles.section} aria-labelledby="profile-notifications">
        <h2 id="profile-notifications" className={styles.heading}>
          Notifications
        </h2>
        <PageDescription>
          When a customer writes in a conversation you choose below, Sendbook plays a sound and can show a browser notification. Your own replies and notes
          never notify. The tab title counts the unread conversations you choose, like “(3) Conversations · Sendbook”.
        </PageDescription>

        <div className={styles.permission} aria-live="polite" id={permissionId}>
          <Icon name={permission.value === 'granted' ? 'check' : permission.value === 'denied' ? 'warning' : 'info'} size={16} />
          <span>
            <span className={styles.permissionLabel}>Browser notifications: </span>
            {permission.value === null ? 'Checking this browser…' : permissionWords(permission.value)}
          </span>
          {permission.value === 'default' ? (
            <Button size="sm" variant="primary" onClick={() => void allow()}>
              Allow browser notifications
            </Button>
          ) : null}
        </div>

        <NotificationSettingsForm
          key={JSON.stringify(me.data.notifications)}
          settings={me.data.notifications}
          save={save}
          browserHintId={permissionId}
          extra={
            <Button size="sm" variant="ghost" onClick={() => previewChime()}>
              <Icon name="play" size={14} />
              Play the sound
            </Button>
          }
        />
      </section>
    </Page>
  );
}

/** The browser's permission as it is now, following changes made in the browser's own settings. */
function usePermission(): { value: Permission | null; set: (value: Permission) => void } {
  // Unknown until the page runs in the browser: the server cannot know it.
  const [value, set] = useState<Permission | null>(null);
  useEffect(() => {
    set(notificationPermission());
    let status: PermissionStatus | null = null;
    const changed = () => set(notificationPermission());
    navigator.permissions
      ?.query({ name: 'notifications' })
      .then((s) => {
        status = s;
        s.addEventListener('change', changed);
      })
      .catch(() => undefined);
    return () => status?.removeEventListener('change', changed);
  }, []);
  return { value, set };
}
