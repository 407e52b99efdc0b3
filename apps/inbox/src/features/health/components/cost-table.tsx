import { Table, Td, Th } from '@/components/ui/table';
import { money, type CostRow } from '@/lib/cost-figures';
import styles from './health.module.css';

/**
 * Billable and free messages per row (a category, a number), and the estimate beside each when a
 * rate card is set. Used by the Health page's Cost panel and a campaign's page.
 */
export function CostTable({ label, first, rows, currency }: { label: string; first: string; rows: readonly CostRow[]; currency: string | null }) {
  return (
    <Table label={label}>
      <thead>
        <tr>
          <Th>{first}</Th>
          <Th numeric>Billable</Th>
          <Th numeric>Free</Th>
          {currency ? <Th numeric>Estimate ({currency})</Th> : null}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <Td>
              {row.word}
              {row.detail ? <div className={styles.detail}>{row.detail}</div> : null}
            </Td>
            <Td numeric>{row.billable.toLocaleString('en-US')}</Td>
            <Td numeric muted={row.free === 0}>
              {row.free.toLocaleString('en-US')}
            </Td>
            {currency ? (
              <Td numeric muted={row.estimate === null}>
                {row.estimate === null ? (row.billable > 0 ? 'no price' : '–') : money(row.estimate, currency)}
              </Td>
            ) : null}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
