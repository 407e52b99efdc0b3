import type { Metadata } from 'next';
import { getSession } from '@/features/auth/auth.server';
import { ProfilePage } from '@/features/notifications/components/profile-page';

export const metadata: Metadata = { title: 'Profile' };

/** Everyone's own page (agents and admins): who they are, and what tells them a customer wrote. */
export default async function Profile() {
  const session = await getSession();
  // The signed-in layout has already sent anyone else to the sign-in page.
  if (session.status !== 'signed_in') return null;
  return <ProfilePage staff={session.staff} notifications={session.notifications} />;
}
