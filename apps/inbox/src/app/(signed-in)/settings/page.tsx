import { redirect } from 'next/navigation';
import { getSession } from '@/features/auth/auth.server';

/** Settings: admins start with the staff list; everyone else has their own profile. */
export default async function SettingsIndex() {
  const session = await getSession();
  redirect(session.status === 'signed_in' && session.staff.role === 'admin' ? '/settings/staff' : '/settings/profile');
}
