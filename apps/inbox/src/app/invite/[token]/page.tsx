import type { Metadata } from 'next';
import Link from 'next/link';
import { Callout } from '@/components/ui/callout';
import { AuthCard } from '@/features/auth/components/auth-card';
import { InviteForm } from '@/features/auth/components/invite-form';
import { INVITE_LINK_PROBLEMS, inviteLinkProblem, type InviteLinkProblem } from '@/features/auth/invite-link';
import { fetchInvite } from '@/features/auth/auth.queries';
import { problemFrom } from '@/lib/problem';
import { serverApi } from '@/lib/server-api';

// The token is in this page's address: never sent on as a Referer, never cached.
export const metadata: Metadata = { title: 'Set your password', referrer: 'no-referrer' };
export const dynamic = 'force-dynamic';

type Params = Promise<{ token: string }>;

/**
 * An invite or reset link: who it is for and a form to choose a password, or why it cannot be
 * used. Opened without a session (the proxy lets `/invite/` through), so the token never goes to
 * `/login?next=`.
 */
export default async function InvitePage({ params }: { params: Params }) {
  const { token } = await params;
  let invited: { email: string; name: string } | null = null;
  let problem: InviteLinkProblem = 'unreachable';
  try {
    const result = await fetchInvite(await serverApi(), token);
    if (result.response.ok && result.data) invited = result.data.staff;
    else problem = inviteLinkProblem(problemFrom(result.response.status, result.error), result.error);
  } catch {
    problem = 'unreachable';
  }
  const words = INVITE_LINK_PROBLEMS[problem];
  const lead = invited ? (
    <>
      For <strong>{invited.name}</strong> ({invited.email}). Choose the password you will sign in with.
    </>
  ) : undefined;
  return (
    <AuthCard
      title="Set your password"
      lead={lead}
      foot={
        <>
          Have a password already? <Link href="/login">Sign in</Link>
        </>
      }
    >
      {invited ? (
        <InviteForm token={token} email={invited.email} />
      ) : (
        <Callout role="alert" tone="danger" title={words.title}>
          {words.body}
        </Callout>
      )}
    </AuthCard>
  );
}
