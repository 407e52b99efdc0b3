'use client';

import type { MetricsReport } from '@sendbook/api-contract';
import Link from 'next/link';
import { Page, PageDescription } from '../../../components/page';
import { ProblemState } from '../../../components/problem-state';
import { Callout } from '../../../components/ui/callout';
import { Loading } from '../../../components/ui/skeleton';
import { Time } from '../../../components/time';
import { healthTiles, sparklinePath, type HealthTile } from '../../../lib/health-figures';
import type { Loaded } from '../../../lib/server-api';
import { useSeededQuery } from '../../../lib/use-seeded-query';
import { healthQuery } from '../health.queries';
import styles from './health.module.css';

/** The five queue-health figures as tiles, with what needs someone first. Admins only. */
export function Health({ initial }: { initial: Loaded<MetricsReport> }) {
  const query = useSeededQuery(healthQuery(), initial);
  const report = query.data;
  return (
    <Page title="Health" subtitle="Queue health, the last hour">
      <PageDescription>Counted from PostgreSQL, never estimated. Refreshed every 30 seconds.</PageDescription>
      {query.problem && !report ? (
        <ProblemState problem={query.problem} onRetry={query.retry} retrying={query.isFetching} />
      ) : !report ? (
        <Loading label="Loading queue health…" />
      ) : (
        <>
          <p className={styles.meta}>
            Figures from <Time at={report.generated_at} />
          </p>
          {report.paused_numbers.length > 0 ? (
            <Callout tone="danger" role="alert" title={`Sending is paused for ${report.paused_numbers.length === 1 ? 'one number' : `${report.paused_numbers.length} numbers`}`}>
              {report.paused_numbers.map((p) => `${p.phone_number_id ?? 'the whole account'}: ${p.reason}`).join('; ')}
            </Callout>
          ) : null}
          <ul className={styles.tiles} aria-label="Queue-health figures" style={{ marginTop: report.paused_numbers.length > 0 ? 'var(--space-3)' : undefined }}>
            {healthTiles(report).map((tile) => (
              <Tile key={tile.key} tile={tile} />
            ))}
          </ul>
          <section className={styles.section} aria-labelledby="health-more">
            <h2 id="health-more">Also</h2>
            <dl className={styles.facts}>
              <div>
                <dt>Open alerts</dt>
                <dd>
                  <Link href="/work/alert" className={styles.link}>
                    {report.alerts_open}
                  </Link>
                </dd>
              </div>
              <div>
                <dt>Poison deliveries</dt>
                <dd>{report.poison_deliveries.current}</dd>
              </div>
              <div>
                <dt>Statuses waiting for their message</dt>
                <dd>{report.parked_statuses.current}</dd>
              </div>
              <div>
                <dt>Signatures refused</dt>
                <dd>{report.signatures_rejected.total}</dd>
              </div>
            </dl>
          </section>
        </>
      )}
    </Page>
  );
}

function Tile({ tile }: { tile: HealthTile }) {
  const path = sparklinePath(tile.series, 200, 26);
  const headingId = `tile-${tile.key}`;
  return (
    <li className={styles.tile} data-tone={tile.tone} aria-labelledby={headingId}>
      <h2 className={styles.label} id={headingId}>
        {tile.label}
      </h2>
      <div className={styles.value}>{tile.value}</div>
      <p className={styles.detail}>{tile.detail}</p>
      <div>
        {path ? (
          <svg className={styles.spark} viewBox="-1 -1 202 28" preserveAspectRatio="none" aria-hidden="true" focusable="false">
            <path d={path} fill="none" stroke="currentColor" strokeWidth="1.5" vectorEffect="non-scaling-stroke" />
          </svg>
        ) : null}
        {tile.href && tile.value !== '0' ? (
          <Link href={tile.href} className={styles.link}>
            Open the queue
          </Link>
        ) : null}
      </div>
    </li>
  );
}
