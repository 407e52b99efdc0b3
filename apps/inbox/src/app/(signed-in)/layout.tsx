import { redirect } from 'next/navigation';
import type { ReactNode } from 'react';
import { getSession } from '@/features/auth/auth.server';
import { SessionUnknown } from '@/features/auth/components/session-unknown';
import { AppShell } from '@/features/shell/components/app-shell';
import { loginHref } from '@/lib/next-path';
import { currentPath } from '@/lib/server-api';

/**
 * Every signed-in page. The proxy already sent visitors without a cookie to /login; here the API
 * says whether the cookie is still a session (`GET /v1/auth/me`). Signed out: to /login and back.
 */
export default async function SignedInLayout({ children }: { children: ReactNode }) {
  const session = await getSession();
  // The proxy let a cookie through, so a session existed: it ended (expired, signed out elsewhere, deactivated).
  if (session.status === 'signed_out') redirect(loginHref(await currentPath(), 'session_ended'));
  if (session.status === 'unknown') return <SessionUnknown problem={session.problem} />;
  return (
    <AppShell staff={session.staff} notifications={session.notifications}>
      {children}
    </AppShell>
  );
}
