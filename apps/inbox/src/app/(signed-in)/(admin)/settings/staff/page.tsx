import type { Metadata } from 'next';
import { getSession } from '@/features/auth/auth.server';
import { StaffList } from '@/features/staff/components/staff-list';
import { fetchStaff } from '@/features/staff/staff.queries';
import { load } from '@/lib/server-api';

export const metadata: Metadata = { title: 'Staff' };

export default async function StaffPage() {
  const session = await getSession();
  return <StaffList initial={await load(fetchStaff)} me={session.status === 'signed_in' ? session.staff.id : ''} />;
}
