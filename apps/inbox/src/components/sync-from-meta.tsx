'use client';

import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { toProblem } from '../lib/api';
import { problemDetail } from '../lib/problem';
import { newRequestId } from '../lib/request-id';
import { Button } from './ui/button';
import { Callout } from './ui/callout';
import { Icon } from './ui/icon';
import styles from './sync-from-meta.module.css';

interface SyncFromMetaOptions<Result> {
  /** Asks the API to read from Meta; one request id per press, so a retried request is not a second sync. */
  run: (requestId: string) => Promise<Result>;
  /** What the result says, in a sentence. */
  describe: (result: Result) => string;
  /** The cached lists the sync refreshes. */
  refreshes: QueryKey;
  label: string;
  failureTitle: string;
}

/** A page's "read it from Meta again" action: the button for the page header and the callouts saying what came of it. */
export function useSyncFromMeta<Result>({ run, describe, refreshes, label, failureTitle }: SyncFromMetaOptions<Result>): {
  button: ReactNode;
  notices: ReactNode;
} {
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<string | null>(null);
  const sync = useMutation({
    mutationFn: () => run(newRequestId()),
    onSuccess: async (result) => {
      setOutcome(describe(result));
      await queryClient.invalidateQueries({ queryKey: refreshes });
    },
  });
  const button = (
    <Button size="sm" onClick={() => sync.mutate()} busy={sync.isPending} disabled={sync.isPending}>
      {sync.isPending ? null : <Icon name="refresh" size={14} />}
      {label}
    </Button>
  );
  const notices = (
    <>
      {outcome ? <Callout tone="success" role="status" title={outcome} className={styles.notice} /> : null}
      {sync.isError ? (
        <Callout tone="danger" role="alert" title={failureTitle} className={styles.notice}>
          {problemDetail(toProblem(sync.error))}
        </Callout>
      ) : null}
    </>
  );
  return { button, notices };
}
