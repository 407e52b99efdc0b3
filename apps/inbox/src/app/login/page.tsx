import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { Logo } from '../../components/logo';
import { Callout } from '../../components/ui/callout';
import { getSession } from '../../features/auth/auth.server';
import { LoginForm } from '../../features/auth/components/login-form';
import { safeNextPath } from '../../lib/next-path';
import styles from './login.module.css';

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
    <main className={styles.page}>
      <div className={styles.column}>
        <div className={styles.brand}>
          <Logo size={28} />
          <span>Sendbook</span>
        </div>
        <div className={styles.card}>
          <div className={styles.heading}>
            <h1>Sign in</h1>
            <p>Answer your customers on WhatsApp.</p>
          </div>
          {signedOut ? <Callout role="status" tone="success" title="You signed out." /> : null}
          {ended ? (
            <Callout role="status" tone="info" title="Your session ended.">
              Sign in again to pick up where you left off.
            </Callout>
          ) : null}
          <LoginForm next={next} />
        </div>
        <p className={styles.foot}>Forgot your password? Ask an admin of your team to reset it.</p>
      </div>
    </main>
  );
}
