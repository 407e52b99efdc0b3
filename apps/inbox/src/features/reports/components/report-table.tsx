'use client';

import type { ReportFigures } from '@sendbook/api-contract';
import { Fragment, useState } from 'react';
import { Icon } from '@/components/ui/icon';
import { Table, Td, Th } from '@/components/ui/table';
import { dayWords, FIGURE_COLUMNS, isoDuration, secondsWords, type NamedRow, type ReportView } from '@/lib/report-figures';
import styles from './reports.module.css';

/** One figure in its cell: a count, or a duration in words (a `<time>` with its ISO duration); "—" without samples. */
function Figure({ figures, column }: { figures: ReportFigures; column: (typeof FIGURE_COLUMNS)[number] }) {
  const value = figures[column.key];
  if (value === null)
    return (
      <>
        <span aria-hidden="true" className={styles.none}>
          —
        </span>
        <span className="visually-hidden">none</span>
      </>
    );
  if (column.kind === 'duration') return <time dateTime={isoDuration(value)}>{secondsWords(value)}</time>;
  return value === 0 ? <span className={styles.zero}>0</span> : <>{value.toLocaleString('en-GB')}</>;
}

function Cells({ figures }: { figures: ReportFigures }) {
  return FIGURE_COLUMNS.map((column) => (
    <Td key={column.key} numeric>
      <Figure figures={figures} column={column} />
    </Td>
  ));
}

/**
 * One row per agent or team over the period, each opening onto its days, and every row together
 * at the foot. A real table: the name of each row is its header, a day's row names its agent too.
 */
export function ReportTable({ rows, overall, view }: { rows: readonly NamedRow[]; overall: Omit<NamedRow, 'key' | 'name' | 'nobody'>; view: ReportView }) {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (key: string) =>
    setOpen((was) => {
      const next = new Set(was);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const who = view === 'agents' ? 'Agent' : 'Team';
  return (
    <section aria-labelledby="report-table-title" className={styles.section}>
      <h2 id="report-table-title" className={styles.sectionTitle}>
        {view === 'agents' ? 'Per agent' : 'Per team'}
      </h2>
      <Table label={view === 'agents' ? 'Figures per agent' : 'Figures per team'}>
        <thead>
          <tr>
            <Th className={styles.nameHead}>{who}</Th>
            {FIGURE_COLUMNS.map((c) => (
              <Th key={c.key} numeric className={styles.figureHead}>
                {c.label}
              </Th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const expanded = open.has(row.key);
            const dayIds = row.days.map((d) => `report-day-${row.key}-${d.date}`);
            return (
              <Fragment key={row.key}>
                <tr className={row.nobody ? styles.nobodyRow : undefined}>
                  <th scope="row" className={styles.nameCell}>
                    <button
                      type="button"
                      className={styles.expand}
                      aria-expanded={expanded}
                      aria-controls={expanded ? dayIds.join(' ') : undefined}
                      aria-label={`${row.name}: each day`}
                      onClick={() => toggle(row.key)}
                    >
                      <Icon name="chevron" size={14} className={styles.chevron} data-open={expanded || undefined} />
                      <span>{row.name}</span>
                    </button>
                  </th>
                  <Cells figures={row.total} />
                </tr>
                {expanded
                  ? row.days.map((day, i) => (
                      <tr key={day.date} id={dayIds[i]} className={styles.dayRow}>
                        <th scope="row" className={styles.dayCell}>
                          <span className="visually-hidden">{row.name}, </span>
                          {dayWords(day.date)}
                        </th>
                        <Cells figures={day} />
                      </tr>
                    ))
                  : null}
              </Fragment>
            );
          })}
        </tbody>
        <tfoot>
          <tr className={styles.totalRow}>
            <th scope="row" className={styles.nameCell}>
              {view === 'agents' ? 'All agents' : 'All teams'}
            </th>
            <Cells figures={overall.total} />
          </tr>
        </tfoot>
      </Table>
    </section>
  );
}
