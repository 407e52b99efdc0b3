'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { useToast } from '@/components/ui/toast';
import { browserApi, problemOf } from '@/lib/api';
import { problemDetail } from '@/lib/problem';
import { signOut } from '../auth.queries';

/**
 * Ends the session at the API (which clears the cookie), then loads the sign-in page, dropping
 * everything this tab had cached. If the API could not be told, the person is told so instead of
 * being shown a sign-in page while their session lives on.
 */
export function useSignOut(): { signOut: () => Promise<void>; busy: boolean } {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  return {
    busy,
    signOut: async () => {
      if (busy) return;
      setBusy(true);
      try {
        const result = await signOut(browserApi());
        // 401: the session had already ended; either way there is nothing left to end.
        if (result.response.ok || result.response.status === 401) {
          window.location.assign('/login?signed_out=1');
          return;
        }
        toast({ tone: 'danger', title: 'Could not sign out', description: problemDetail(problemOf(result)) });
      } catch {
        toast({ tone: 'danger', title: 'Could not sign out', description: 'The API is unreachable; your session is still active. Try again.' });
      }
      setBusy(false);
    },
  };
}

export function SignOutButton({ className }: { className?: string }) {
  const { signOut: run, busy } = useSignOut();
  return (
    <Button variant="ghost" size="sm" className={className} onClick={() => void run()} disabled={busy} busy={busy}>
      {busy ? null : <Icon name="logout" size={14} />}
      Sign out
    </Button>
  );
}
