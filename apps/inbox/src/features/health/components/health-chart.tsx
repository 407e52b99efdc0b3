'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useId, useRef } from 'react';
import type uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { chartRows, formatValue, hasData, pointHref, type Chart } from '@/lib/chart-series';
import { absoluteTime, calendarDate, clockTime } from '@/lib/time';
import { useClock } from '@/components/clock';
import styles from './health.module.css';

const PALETTE = ['--chart-1', '--chart-2', '--chart-3', '--chart-4', '--chart-5', '--chart-6'];
const HEIGHT = 200;
/** Tick steps for counts: never a tick at 0.5 of a message. */
const INTEGER_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 200_000, 500_000, 1_000_000];

/**
 * One chart drawn with uPlot (a canvas), its own legend, and its table alternative. Clicking a
 * point opens the queue of the nearest line, filtered to what was already waiting at that time.
 * Colours come from CSS variables, so it reads in light and dark.
 */
export function HealthChart({ chart }: { chart: Chart }) {
  const router = useRouter();
  const { now, timeZone } = useClock();
  const holder = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const empty = !hasData(chart);
  const lines = chart.lines;

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
      const text = color('--text-2');
      const grid = color('--border');
      const axis = {
        stroke: text,
        grid: { stroke: grid, width: 1 },
        ticks: { stroke: grid, width: 1 },
        font: '11px system-ui, sans-serif',
        labelFont: '600 11px system-ui, sans-serif',
      };
      const options: uPlot.Options = {
        width: Math.max(280, element.clientWidth),
        height: HEIGHT,
        legend: { show: false },
        cursor: { focus: { prox: 24 }, drag: { x: false, y: false } },
        tzDate: (ts) => UPlot.tzDate(new Date(ts * 1000), timeZone),
        scales: { x: { time: true }, y: { range: (_u, min, max) => [Math.min(0, min), max > 0 ? max * 1.1 : 1] } },
        axes: [
          { ...axis, label: `time (${timeZone})`, labelSize: 18, values: (_u, splits) => timeTicks(splits, now, timeZone) },
          { ...axis, label: chart.unit, labelSize: 18, size: 56, ...(chart.integer ? { incrs: INTEGER_STEPS } : {}) },
        ],
        series: [
          {},
          ...lines.map((line, i) => ({
            label: line.label,
            stroke: line.reference ? text : color(PALETTE[i % PALETTE.length]!),
            width: line.reference ? 1 : 2,
            dash: line.reference ? [5, 4] : undefined,
            spanGaps: false,
            points: { show: !line.reference, size: 5 },
          })),
        ],
      };
      const data: uPlot.AlignedData = [chart.times.map((t) => t / 1000), ...lines.map((l) => l.values.map((v) => v))];
      plot = new UPlot(options, data, element);
      const over = plot.over;
      over.style.cursor = 'pointer';
      over.addEventListener('click', () => {
        if (!plot) return;
        const index = plot.cursor.idx;
        const top = plot.cursor.top;
        if (index === null || index === undefined || top === undefined) return;
        // The nearest line that opens a queue.
        let best: { line: number; distance: number } | null = null;
        lines.forEach((line, i) => {
          const value = line.values[index];
          if (!line.link || value === null || value === undefined) return;
          const distance = Math.abs(plot!.valToPos(value, 'y') - top);
          if (!best || distance < best.distance) best = { line: i, distance };
        });
        const chosen = best as { line: number; distance: number } | null;
        if (chosen) router.push(pointHref(lines[chosen.line]!.link!, chart.times[index]!, chart.bucketMs));
      });
      observer = new ResizeObserver(() => plot?.setSize({ width: Math.max(280, element.clientWidth), height: HEIGHT }));
      observer.observe(element);
    });
    return () => {
      cancelled = true;
      observer?.disconnect();
      plot?.destroy();
    };
    // `now` only picks between "09:05" and "2 Dec 09:05"; a new minute needs no new chart.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [chart, lines, empty, router, timeZone]);

  const shown = lines.filter((l) => !l.reference);
  const rows = chartRows(chart);
  const linked = lines.find((l) => l.link)?.link ?? null;
  return (
    <figure className={styles.chart} aria-labelledby={titleId}>
      <figcaption>
        <h3 id={titleId} className={styles.chartTitle}>
          {chart.title}
        </h3>
        <p className={styles.chartDescription}>{chart.description}</p>
      </figcaption>
      {empty ? (
        <p className={styles.chartEmpty} role="status">
          No data in this range.
        </p>
      ) : (
        <>
          <ul className={styles.legend} aria-label={`${chart.title}: lines`}>
            {lines.map((line, i) => (
              <li key={line.label}>
                <span
                  className={styles.swatch}
                  data-reference={line.reference || undefined}
                  style={line.reference ? undefined : { background: `var(${PALETTE[i % PALETTE.length]})` }}
                  aria-hidden="true"
                />
                {line.label}
              </li>
            ))}
          </ul>
          {chart.offScale.map((words) => (
            <p key={words} className={styles.offScale}>
              {words}
            </p>
          ))}
          <div ref={holder} className={styles.plot} aria-hidden="true" data-chart={chart.key} data-points={rows.length} />
          <details className={styles.alternative}>
            <summary>Show as a table</summary>
            <div className={styles.tableWrap} tabIndex={0} role="region" aria-label={`${chart.title} as a table`}>
              <table className={styles.dataTable}>
                <caption className="visually-hidden">
                  {chart.title}, {chart.unit}, newest first
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Time</th>
                    {shown.map((line) => (
                      <th key={line.label} scope="col">
                        {line.label}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr key={row.at}>
                      <th scope="row">
                        {linked ? (
                          <a
                            href={pointHref(linked, row.at, chart.bucketMs)}
                            title={`Open the queue as it was at ${absoluteTime(row.at + chart.bucketMs, timeZone)}`}
                          >
                            {calendarDate(row.at, now, timeZone)} {clockTime(row.at, timeZone)}
                          </a>
                        ) : (
                          <time dateTime={new Date(row.at).toISOString()} title={absoluteTime(row.at, timeZone)}>
                            {calendarDate(row.at, now, timeZone)} {clockTime(row.at, timeZone)}
                          </time>
                        )}
                      </th>
                      {row.values.map((value, i) => (
                        <td key={i}>{formatValue(value)}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </>
      )}
    </figure>
  );
}

/** Time ticks as 24-hour clock times in the viewer's zone, with the date where the day changes. */
function timeTicks(splits: number[], now: number, timeZone: string): string[] {
  let lastDay = '';
  return splits.map((s) => {
    const ms = s * 1000;
    const day = calendarDate(ms, now, timeZone);
    const clock = clockTime(ms, timeZone);
    if (day === lastDay) return clock;
    lastDay = day;
    return `${clock}\n${day}`;
  });
}
