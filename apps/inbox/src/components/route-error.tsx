'use client';

import { useEffect } from 'react';
import { Button } from './ui/button';
import { State } from './ui/state';

/**
 * An error.tsx body: something broke while showing this page (a bug, not an answer from the API,
 * which pages show themselves). The rest of the shell keeps working.
 */
export function RouteError({ error, reset, what }: { error: Error & { digest?: string }; reset: () => void; what: string }) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <State
      role="alert"
      tone="danger"
      icon="alert"
      title={`Could not show ${what}`}
      code={error.digest ? `Reference ${error.digest}` : undefined}
      actions={
        <Button variant="primary" onClick={reset}>
          Try again
        </Button>
      }
    >
      Something went wrong in the inbox while showing this page. Try again; if it keeps happening, tell whoever runs Sendbook and quote the reference below.
    </State>
  );
}
