'use client';

import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { Segmented } from '@/components/ui/segmented';
import { CHART_METRICS, chartSummary, reportChart, secondsWords, shortDay, type ChartMetric, type NamedRow, type ReportView } from '@/lib/report-figures';
import styles from './reports.module.css';

const PALETTE = ['--chart-1', '--chart-2', '--chart-3', '--chart-4', '--chart-5', '--chart-6'];
const HEIGHT = 220;
/** Tick steps for counts: never a tick at half a conversation. */
const INTEGER_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000];
/** Day ticks land on whole days. */
const DAY_STEPS = [1, 2, 3, 7, 14, 28];

/**
 * The period day by day, one line per agent or team (the busiest six), drawn with uPlot on a
 * canvas. The canvas is hidden from assistive technology: the figure's caption says the same in
 * words (each line's total and the highest day), and the table below has every day of every row.
 */
export function ReportChart({ rows, dates, view }: { rows: readonly NamedRow[]; dates: readonly string[]; view: ReportView }) {
  const [metric, setMetric] = useState<ChartMetric>('handled');
  const chart = useMemo(() => reportChart(rows, dates, metric), [rows, dates, metric]);
  const summary = chartSummary(chart);
  const holder = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const summaryId = useId();
  const empty = chart.lines.length === 0;

  useEffect(() => {
    const element = holder.current;
    if (!element || empty) return;
    let plot: uPlot | null = null;
    let cancelled = false;
    let observer: ResizeObserver | null = null;
    void import('uplot').then(({ default: UPlot }) => {
      if (cancelled) return;
      const css = getComputedStyle(element);
      const color = (name: string) => css.getPropertyValue(name).trim();
      const grid = color('--border');
      const axis = {
        stroke: color('--text-2'),
        grid: { stroke: grid, width: 1 },
        ticks: { stroke: grid, width: 1 },
        font: '11px system-ui, sans-serif',
        labelFont: '600 11px system-ui, sans-serif',
      };
      const duration = chart.metric.duration;
      const options: uPlot.Options = {
        width: Math.max(280, element.clientWidth),
        height: HEIGHT,
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: {
          x: { time: false, range: () => [-0.5, Math.max(0.5, dates.length - 0.5)] },
          y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.15 : 1] },
        },
        axes: [
          {
            ...axis,
            incrs: DAY_STEPS,
            values: (_u, splits) => splits.map((v) => (Number.isInteger(v) && dates[v] ? shortDay(dates[v]) : '')),
          },
          {
            ...axis,
            label: chart.metric.unit,
            labelSize: 18,
            size: 52,
            ...(duration ? { values: (_u: uPlot, splits: number[]) => splits.map((v) => secondsWords(v * 60)) } : { incrs: INTEGER_STEPS }),
          },
        ],
        series: [
          {},
          // Drawn in order, each over the one before: earlier lines wider, so two with the same values both show.
          ...chart.lines.map((line, i) => {
            const under = chart.lines.length - 1 - i;
            return {
              label: line.name,
              stroke: color(PALETTE[i % PALETTE.length]!),
              width: 2 + under * 1.5,
              spanGaps: false,
              points: { show: true, size: 6 + under * 2.5 },
            };
          }),
        ],
      };
      const toUnit = (v: number | null) => (v === null ? null : duration ? v / 60 : v);
      const data: uPlot.AlignedData = [dates.map((_d, i) => i), ...chart.lines.map((l) => l.values.map(toUnit))];
      plot = new UPlot(options, data, element);
      observer = new ResizeObserver(() => plot?.setSize({ width: Math.max(280, element.clientWidth), height: HEIGHT }));
      observer.observe(element);
    });
    return () => {
      cancelled = true;
      observer?.disconnect();
      plot?.destroy();
    };
  }, [chart, dates, empty]);

  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <figure className={styles.chart} aria-labelledby={titleId} aria-describedby={summaryId}>
        <figcaption className={styles.chartCaption}>
          <div className={styles.chartHeading}>
            <h2 id={titleId} className={styles.sectionTitle}>
              {chart.metric.title}
              {view === 'agents' ? ', per agent' : ', per team'}
            </h2>
            <Segmented label="Chart shows" value={metric} options={CHART_METRICS.map((m) => ({ value: m.key, label: m.label }))} onChange={setMetric} />
          </div>
          <p id={summaryId} className={styles.chartSummary}>
            {summary}
          </p>
        </figcaption>
        {empty ? (
          <p className={styles.chartEmpty}>Nothing to draw in this period.</p>
        ) : (
          <>
            <ul className={styles.legend} aria-hidden="true">
              {chart.lines.map((line, i) => (
                <li key={line.name}>
                  <span className={styles.swatch} style={{ background: `var(${PALETTE[i % PALETTE.length]})` }} />
                  {line.name}
                </li>
              ))}
            </ul>
            <div ref={holder} className={styles.plot} aria-hidden="true" data-chart={metric} data-points={dates.length} />
          </>
        )}
      </figure>
    </section>
  );
}
