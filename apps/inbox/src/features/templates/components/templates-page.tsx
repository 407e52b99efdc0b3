'use client';

import type { Template } from '@sendbook/api-contract';
import Link from 'next/link';
import { Page, PageDescription } from '@/components/page';
import { QueryContent } from '@/components/query-content';
import { Time } from '@/components/time';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useSyncFromMeta } from '@/components/sync-from-meta';
import { Table, Td, Th } from '@/components/ui/table';
import { qualityTone } from '@/lib/number-display';
import type { Loaded } from '@/lib/server-api';
import { lastSync, rejectionWords, templateStatusTone } from '@/lib/template-display';
import { useSeededQuery } from '@/lib/use-seeded-query';
import { templateKeys, templatesQuery, syncTemplates } from '../templates.queries';
import { DeleteTemplate } from './delete-template';
import styles from './templates.module.css';

/** The states Meta lets a template be edited in; the edit page says when its limit or its parts stand in the way. */
const EDITABLE: readonly string[] = ['APPROVED', 'REJECTED', 'PAUSED'];

/** The template registry as Meta last told it: status, category, quality and when it was synced; a Sync button. Admins only. */
export function TemplatesPage({ initial }: { initial: Loaded<{ data: Template[] }> }) {
  const query = useSeededQuery(templatesQuery(), initial);
  const templates = query.data?.data ?? [];
  const sync = useSyncFromMeta({
    run: syncTemplates,
    describe: (result) =>
      `Synced ${result.synced} ${result.synced === 1 ? 'template' : 'templates'} from Meta${result.removed ? `; ${result.removed} no longer there` : ''}.`,
    refreshes: templateKeys.all,
    label: 'Sync',
    failureTitle: 'Could not sync from Meta',
  });
  const last = lastSync(templates);
  return (
    <Page
      title="Templates"
      subtitle={
        last ? (
          <>
            Last synced <Time past at={last} />
          </>
        ) : (
          'Never synced'
        )
      }
      actions={
        <>
          <Button asChild variant="primary">
            <Link href="/templates/new">New template</Link>
          </Button>
          {sync.button}
        </>
      }
    >
      <PageDescription>
        The message templates of the WhatsApp Business Account, as Meta last reported them. Only approved ones can be sent; Sendbook checks every template send
        against this list before it is queued. A new or edited template waits for Meta&apos;s review (PENDING) and changes here as soon as Meta decides.
      </PageDescription>
      {sync.notices}
      <QueryContent
        query={query}
        loading="Loading templates…"
        isEmpty={templates.length === 0}
        empty={{
          icon: 'info',
          title: 'No templates yet',
          body: 'Press Sync to fetch the templates of the WhatsApp Business Account from Meta, or write a new one.',
        }}
      >
        <Table label="Templates">
          <thead>
            <tr>
              <Th>Name</Th>
              <Th>Language</Th>
              <Th>Status</Th>
              <Th>Category</Th>
              <Th>Quality</Th>
              <Th>Last sync</Th>
              <Th>
                <span className="visually-hidden">Actions</span>
              </Th>
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
                  {t.rejection ? <Rejection rejection={t.rejection} /> : null}
                </Td>
                <Td>{t.category}</Td>
                <Td>
                  {t.quality ? (
                    <Badge tone={qualityTone(t.quality)}>{t.quality}</Badge>
                  ) : (
                    <span className={`${styles.secondary} ${styles.nowrap}`}>Not rated</span>
                  )}
                </Td>
                <Td muted>
                  <Time past at={t.synced_at} />
                </Td>
                <Td>
                  <div className={styles.actions}>
                    {EDITABLE.includes(t.status.toUpperCase()) ? (
                      <Button asChild size="sm" variant="ghost">
                        <Link href={`/templates/${encodeURIComponent(t.id)}/edit`} aria-label={`Edit ${t.name} (${t.language})`}>
                          Edit
                        </Link>
                      </Button>
                    ) : null}
                    <DeleteTemplate template={t} />
                  </div>
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
      </QueryContent>
    </Page>
  );
}

/** Why Meta rejected a template: its reason in words, and what Meta said and advised when it did. */
function Rejection({ rejection }: { rejection: NonNullable<Template['rejection']> }) {
  return (
    <div className={styles.rejection}>
      <span>{rejectionWords(rejection.reason)}</span>
      {rejection.detail ? <span className={styles.secondary}>{rejection.detail}</span> : null}
      {rejection.recommendation ? <span className={styles.secondary}>{rejection.recommendation}</span> : null}
    </div>
  );
}
