import type { ReactNode } from 'react';
import { Forbidden } from '@/components/forbidden';
import { getSession } from '@/features/auth/auth.server';

/**
 * Admin pages (queue health, staff). Decided here, on the server, from `GET /v1/auth/me`; an agent
 * gets the refusal instead of the page, whatever links they followed. The API refuses them too.
 */
export default async function AdminLayout({ children }: { children: ReactNode }) {
  const session = await getSession();
  if (session.status !== 'signed_in' || session.staff.role !== 'admin') return <Forbidden />;
  return children;
}
