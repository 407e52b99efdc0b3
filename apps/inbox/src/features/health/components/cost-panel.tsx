import type { MetricsReport, NumberStatus } from '@sendbook/api-contract';
import { State } from '@/components/ui/state';
import { categoryRows, COST_SOURCE, hasPriced, money, numberName, numberRows, unratedWords } from '@/lib/cost-figures';
import { CostTable } from './cost-table';
import tiles from '@/components/ui/figure-tiles.module.css';
import styles from './health.module.css';

/**
 * The Health page's Cost panel: the range's messages as Meta priced them, billable and free by
 * category and by business number, and the spend PRICING_RATES estimates, with where it comes from.
 */
export function CostPanel({ pricing, numbers, rangeLabel }: { pricing: MetricsReport['pricing']; numbers: readonly NumberStatus[]; rangeLabel: string }) {
  const spend = pricing.estimated_spend;
  const unrated = unratedWords(spend);
  const nameOf = (id: string) => numberName(id, numbers.find((n) => n.phone_number_id === id)?.profile);
  return (
    <section className={styles.section} aria-labelledby="health-cost">
      <h2 id="health-cost">Cost</h2>
      <p className={styles.costSource}>{COST_SOURCE}</p>
      {!hasPriced(pricing) ? (
        <State role="status" icon="info" title="No priced messages yet" compact>
          Meta prices a message when it reports it sent; none was in the last {rangeLabel}.
        </State>
      ) : (
        <>
          <ul className={`${tiles.tiles} ${styles.costTiles}`} aria-label="Cost figures">
            <li className={tiles.tile} aria-label="Billable messages">
              <span className={tiles.label}>Billable messages</span>
              <span className={tiles.value}>{pricing.billable.toLocaleString('en-US')}</span>
              <span className={tiles.detail}>and {pricing.free.toLocaleString('en-US')} free</span>
            </li>
            <li className={tiles.tile} aria-label="Estimated spend" data-tone={spend ? 'progress' : undefined}>
              <span className={tiles.label}>Estimated spend</span>
              <span className={tiles.value}>{spend ? money(spend.total, spend.currency) : '–'}</span>
              <span className={tiles.detail}>{spend ? `${spend.currency}, by your PRICING_RATES` : 'No rate card: set PRICING_RATES to estimate it'}</span>
            </li>
          </ul>
          {unrated ? <p className={styles.costNote}>{unrated}</p> : null}
          <div className={styles.costTables}>
            <CostTable label="Billable messages by category" first="Category" rows={categoryRows(pricing, spend)} currency={spend?.currency ?? null} />
            <CostTable
              label="Billable messages by number"
              first="Number"
              rows={numberRows(pricing.by_number, spend, nameOf)}
              currency={spend?.currency ?? null}
            />
          </div>
        </>
      )}
    </section>
  );
}
