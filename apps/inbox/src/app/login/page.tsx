import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { Callout } from '@/components/ui/callout';
import { getSession } from '@/features/auth/auth.server';
import { AuthCard } from '@/features/auth/components/auth-card';
import { LoginForm } from '@/features/auth/components/login-form';
import { safeNextPath } from '@/lib/next-path';

export const metadata: Metadata = { title: 'Sign in' };

type Search = Promise<Record<string, string | string[] | undefined>>;

export default async function LoginPage({ searchParams }: { searchParams: Search }) {
  const search = await searchParams;
  const next = safeNextPath(typeof search.next === 'string' ? search.next : null);
  // Already signed in (a bookmark to /login, the back button after signing in): go on.
  if ((await getSession()).status === 'signed_in') redirect(next);
  const signedOut = search.signed_out === '1';
  const ended = search.reason === 'session_ended';
  return (
    <AuthCard title="Sign in" lead="Answer your customers on WhatsApp." foot="Forgot your password? Ask an admin of your team to reset it.">
      {signedOut ? <Callout role="status" tone="success" title="You signed out." /> : null}
      {ended ? (
        <Callout role="status" tone="info" title="Your session ended.">
          Sign in again to pick up where you left off.
        </Callout>
      ) : null}
      <LoginForm next={next} />
    </AuthCard>
  );
}
