'use client';

import { Logo } from '@/components/logo';
import { ProblemState } from '@/components/problem-state';
import type { Problem } from '@/lib/problem';

/** The API could not say who is signed in: say so plainly, offer a retry; no redirect loop. */
export function SessionUnknown({ problem }: { problem: Problem }) {
  const noSessions = problem.kind === 'not_found';
  return (
    <main style={{ display: 'grid', placeItems: 'center', minHeight: '100dvh', padding: 'var(--space-4)' }}>
      <div style={{ display: 'grid', justifyItems: 'center' }}>
        <Logo size={28} />
        <ProblemState
          problem={problem}
          headingLevel={1}
          title={noSessions ? 'This API does not offer sign-in yet' : undefined}
          detail={noSessions ? 'The Sendbook API at this address has no staff sessions. Update Sendbook, then try again.' : undefined}
          onRetry={() => window.location.reload()}
        />
      </div>
    </main>
  );
}
