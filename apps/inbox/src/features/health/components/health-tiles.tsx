'use client';

import type { MetricsReport } from '@sendbook/api-contract';
import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { usePathname, useRouter } from 'next/navigation';
import { useMemo } from 'react';
import { Page, PageDescription } from '@/components/page';
import { ProblemState } from '@/components/problem-state';
import { Callout } from '@/components/ui/callout';
import { Segmented } from '@/components/ui/segmented';
import { Loading } from '@/components/ui/skeleton';
import { Time } from '@/components/time';
import { HEALTH_RANGES, healthCharts, type HealthRange } from '@/lib/chart-series';
import { healthTiles, oldestWords, sparklinePath, trendWords, type HealthTile } from '@/lib/health-figures';
import type { Loaded } from '@/lib/server-api';
import { latencyWords } from '@/lib/time';
import { useSeededQuery } from '@/lib/use-seeded-query';
import { numbersQuery } from '@/features/numbers/numbers.queries';
import { workCountsQuery } from '@/features/work-queues/work-queues.queries';
import { healthQuery } from '../health.queries';
import { CostPanel } from './cost-panel';
import { HealthChart } from './health-chart';
import tiles from '@/components/ui/figure-tiles.module.css';
import styles from './health.module.css';

type Counts = Partial<Record<string, { open: number; oldest_age_seconds: number | null }>>;

/** Queue health for admins: the five figures as tiles (each opens its queue), then the charts over a chosen range. */
export function Health({ initial, range }: { initial: Loaded<MetricsReport>; range: HealthRange }) {
  const router = useRouter();
  const pathname = usePathname();
  const query = useSeededQuery(healthQuery(range), initial);
  const counts = useQuery(workCountsQuery());
  const numbers = useQuery(numbersQuery());
  const report = query.data;
  const charts = useMemo(() => (report ? healthCharts(report, numbers.data?.data ?? []) : []), [report, numbers.data]);
  return (
    <Page
      title="Health"
      subtitle={`Queue health, the last ${range.label}`}
      actions={
        <Segmented
          label="Range"
          value={range.key}
          options={HEALTH_RANGES.map((r) => ({ value: r.key, label: r.label }))}
          onChange={(key) => router.replace(key === '1h' ? pathname : `${pathname}?range=${key}`, { scroll: false })}
        />
      }
    >
      <PageDescription>
        Counted from PostgreSQL, never estimated (only Cost’s spend is an estimate, and says so). Refreshed every 30 seconds. Click a tile to open its queue, or
        a chart point to open the queue as it was then.
      </PageDescription>
      {query.problem && !report ? (
        <ProblemState problem={query.problem} onRetry={query.retry} retrying={query.isFetching} />
      ) : !report ? (
        <Loading label="Loading queue health…" />
      ) : (
        <>
          <p className={styles.meta}>
            Figures from <Time past at={report.generated_at} />
          </p>
          {report.paused_numbers.length > 0 ? (
            <Callout
              tone="danger"
              role="alert"
              title={`Sending is paused for ${report.paused_numbers.length === 1 ? 'one number' : `${report.paused_numbers.length} numbers`}`}
            >
              {report.paused_numbers.map((p) => `${p.phone_number_id ?? 'the whole account'}: ${p.reason}`).join('; ')}{' '}
              <Link href="/numbers" className={styles.link}>
                Numbers
              </Link>
            </Callout>
          ) : null}
          <ul className={tiles.tiles} aria-label="Queue-health figures" style={{ marginTop: report.paused_numbers.length > 0 ? 'var(--space-3)' : undefined }}>
            {healthTiles(report).map((tile) => (
              <Tile key={tile.key} tile={tile} counts={counts.data as Counts | undefined} />
            ))}
          </ul>
          <section className={styles.section} aria-labelledby="health-charts">
            <h2 id="health-charts">Over the last {range.label}</h2>
            <div className={styles.charts}>
              {charts.map((chart) => (
                <HealthChart key={`${range.key}:${chart.key}`} chart={chart} />
              ))}
            </div>
          </section>
          <CostPanel pricing={report.pricing} numbers={numbers.data?.data ?? []} rangeLabel={range.label} />
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
                <dd>
                  <Link href="/work/poison_webhook" className={styles.link}>
                    {report.poison_deliveries.current}
                  </Link>
                </dd>
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

function Tile({ tile, counts }: { tile: HealthTile; counts: Counts | undefined }) {
  const path = sparklinePath(tile.series, 200, 26);
  const headingId = `tile-${tile.key}`;
  const trend = trendWords(tile.series, tile.key === 'sent_to_delivered' ? latencyWords : undefined);
  const oldest = tile.key === 'stuck_sending' || tile.key === 'unattributed_inbound' ? oldestWords(counts?.[tile.key]?.oldest_age_seconds) : null;
  return (
    <li className={`${tiles.tile} ${styles.tile}`} data-tone={tile.tone} data-linked={tile.href ? '' : undefined} aria-labelledby={headingId}>
      <h2 className={tiles.label} id={headingId}>
        {tile.href ? (
          <Link href={tile.href} className={styles.tileLink}>
            {tile.label}
          </Link>
        ) : (
          tile.label
        )}
      </h2>
      <div className={tiles.value}>{tile.value}</div>
      <p className={tiles.detail}>{tile.detail}</p>
      <p className={styles.trend} data-direction={trend.direction}>
        {trend.words}
        {oldest ? ` · ${oldest}` : ''}
      </p>
      <div>
        {path ? (
          <svg className={styles.spark} viewBox="-1 -1 202 28" preserveAspectRatio="none" aria-hidden="true" focusable="false">
            <path d={path} fill="none" stroke="currentColor" strokeWidth="1.5" vectorEffect="non-scaling-stroke" />
          </svg>
        ) : null}
      </div>
    </li>
  );
}
