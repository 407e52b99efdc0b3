'use client';

import type { BackgroundWork } from '@sendbook/api-contract';
import { Page, PageDescription } from '@/components/page';
import { QueryContent } from '@/components/query-content';
import { Button } from '@/components/ui/button';
import type { Loaded } from '@/lib/server-api';
import { useSeededQuery } from '@/lib/use-seeded-query';
import { backgroundWorkQuery } from '../system.queries';
import { PeriodicTasksTable } from './periodic-tasks-table';
import { QueuesTable } from './queues-table';
import { Prose } from './prose';
import styles from './system.module.css';

/** What runs in the background, as declared in one place, and how it last went. Admins only. */
export function SystemPage({ initial }: { initial: Loaded<BackgroundWork> }) {
  const query = useSeededQuery(backgroundWorkQuery(), initial);
  const work = query.data;
  return (
    <Page
      title="System"
      subtitle="Background work"
      actions={
        <Button onClick={() => void query.refetch()} busy={query.isFetching}>
          Refresh
        </Button>
      }
    >
      <PageDescription>
        Every queue, periodic task, listener and trigger Sendbook runs, with each task&apos;s latest run in any process. A task whose latest run failed, or that
        has not run for three of its intervals, is flagged: the process that runs it may be down.
      </PageDescription>
      <QueryContent query={query} loading="Loading background work…" isEmpty={false} empty={{ icon: 'info', title: 'Nothing declared', body: '' }}>
        {work ? (
          <>
            <section className={styles.section} aria-labelledby="system-tasks">
              <h2 id="system-tasks" className={styles.sectionTitle}>
                Periodic tasks
              </h2>
              <PeriodicTasksTable tasks={work.periodic} now={query.dataUpdatedAt || Date.now()} />
            </section>
            <section className={styles.section} aria-labelledby="system-queues">
              <h2 id="system-queues" className={styles.sectionTitle}>
                Queues
              </h2>
              <QueuesTable queues={work.queues} />
            </section>
            <section className={styles.section} aria-labelledby="system-database">
              <h2 id="system-database" className={styles.sectionTitle}>
                In the database
              </h2>
              <ul className={styles.list}>
                {work.listeners.map((l) => (
                  <li key={l.channel}>
                    <span className={styles.primary}>LISTEN {l.channel}</span>
                    <span className={styles.secondary}>
                      <Prose text={l.what} />
                    </span>
                  </li>
                ))}
                {work.triggers.map((t) => (
                  <li key={t.name}>
                    <span className={styles.primary}>
                      Trigger {t.name}, after {t.on}
                    </span>
                    <span className={styles.secondary}>
                      <Prose text={t.what} />
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          </>
        ) : null}
      </QueryContent>
    </Page>
  );
}
