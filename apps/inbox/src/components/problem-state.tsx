'use client';

import Link from 'next/link';
import { problemDetail, problemTitle, type Problem } from '../lib/problem';
import { Button } from './ui/button';
import { State } from './ui/state';

/**
 * What a page shows when the API said no: forbidden (a way back, never a redirect loop), not found,
 * or unreachable and failing (a retry). Announced as an alert.
 */
export function ProblemState({
  problem,
  onRetry,
  retrying = false,
  title,
  detail,
  headingLevel = 2,
}: {
  problem: Problem;
  onRetry?: () => void;
  retrying?: boolean;
  title?: string;
  detail?: string;
  headingLevel?: 1 | 2;
}) {
  const forbidden = problem.kind === 'forbidden';
  const retryable = !forbidden && problem.kind !== 'not_found' && onRetry;
  return (
    <State
      role="alert"
      tone={forbidden || problem.kind === 'not_found' ? 'neutral' : 'danger'}
      icon={forbidden ? 'lock' : problem.kind === 'not_found' ? 'search' : 'alert'}
      title={title ?? problemTitle(problem)}
      headingLevel={headingLevel}
      code={problem.status > 0 ? `HTTP ${problem.status}${problem.code ? ` · ${problem.code}` : ''}` : undefined}
      actions={
        <>
          {retryable ? (
            <Button variant="primary" onClick={onRetry} disabled={retrying} busy={retrying}>
              Try again
            </Button>
          ) : null}
          {forbidden || problem.kind === 'not_found' ? (
            <Button asChild>
              <Link href="/conversations">Back to conversations</Link>
            </Button>
          ) : null}
        </>
      }
    >
      {detail ?? problemDetail(problem)}
    </State>
  );
}
