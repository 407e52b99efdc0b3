'use client';

import type { Template } from '@sendbook/api-contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Page, PageDescription } from '../../../components/page';
import { ProblemState } from '../../../components/problem-state';
import { Time } from '../../../components/time';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Callout } from '../../../components/ui/callout';
import { Icon } from '../../../components/ui/icon';
import { Loading } from '../../../components/ui/skeleton';
import { State } from '../../../components/ui/state';
import { Table, Td, Th } from '../../../components/ui/table';
import { toProblem } from '../../../lib/api';
import { qualityTone } from '../../../lib/number-display';
import { problemDetail } from '../../../lib/problem';
import { newRequestId } from '../../../lib/request-id';
import type { Loaded } from '../../../lib/server-api';
import { lastSync, templateStatusTone } from '../../../lib/template-display';
import { useSeededQuery } from '../../../lib/use-seeded-query';
import { templateKeys, templatesQuery, syncTemplates } from '../templates.queries';
import styles from './templates.module.css';

/** The template registry as Meta last told it: status, category, quality and when it was synced; a Sync button. Admins only. */
export function TemplatesPage({ initial }: { initial: Loaded<{ data: Template[] }> }) {
  const query = useSeededQuery(templatesQuery(), initial);
  const templates = query.data?.data ?? [];
  const queryClient = useQueryClient();
  const [synced, setSynced] = useState<string | null>(null);
  const sync = useMutation({
    mutationFn: () => syncTemplates(newRequestId()),
    onSuccess: async (result) => {
      setSynced(`Synced ${result.synced} ${result.synced === 1 ? 'template' : 'templates'} from Meta${result.removed ? `; ${result.removed} no longer there` : ''}.`);
      await queryClient.invalidateQueries({ queryKey: templateKeys.all });
    },
  });
  const last = lastSync(templates);
  return (
    <Page
      title="Templates"
      subtitle={last ? <>Last synced <Time past at={last} /></> : 'Never synced'}
      actions={
        <Button size="sm" onClick={() => sync.mutate()} busy={sync.isPending} disabled={sync.isPending}>
          {sync.isPending ? null : <Icon name="refresh" size={14} />}
          Sync
        </Button>
      }
    >
      <PageDescription>The message templates of the WhatsApp Business Account, as Meta last reported them. Only approved ones can be sent; Sendbook checks every template send against this list before it is queued.</PageDescription>
      {synced ? <Callout tone="success" role="status" title={synced} className={styles.notice} /> : null}
      {sync.isError ? (
        <Callout tone="danger" role="alert" title="Could not sync from Meta" className={styles.notice}>
          {problemDetail(toProblem(sync.error))}
        </Callout>
      ) : null}
      {query.problem && !query.data ? (
        <ProblemState problem={query.problem} onRetry={query.retry} retrying={query.isFetching} />
      ) : !query.data ? (
        <Loading label="Loading templates…" />
      ) : templates.length === 0 ? (
        <State role="status" icon="info" title="No templates yet" compact>
          Press Sync to fetch the templates of the WhatsApp Business Account from Meta.
        </State>
      ) : (
        <Table label="Templates">
          <thead>
            <tr>
              <Th>Name</Th>
              <Th>Language</Th>
              <Th>Status</Th>
              <Th>Category</Th>
              <Th>Quality</Th>
              <Th>Last sync</Th>
            </tr>
          </thead>
          <tbody>
            {templates.map((t) => (
              <tr key={t.id}>
                <Td mono>{t.name}</Td>
                <Td>{t.language}</Td>
                <Td>
                  <Badge tone={templateStatusTone(t.status)} dot>
                    {t.status}
                  </Badge>
                </Td>
                <Td>{t.category}</Td>
                <Td>{t.quality ? <Badge tone={qualityTone(t.quality)}>{t.quality}</Badge> : <span className={styles.secondary}>Not rated</span>}</Td>
                <Td muted>
                  <Time past at={t.synced_at} />
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </Page>
  );
}
