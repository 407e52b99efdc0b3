'use client';

import { useId, useState, type FormEvent } from 'react';
import { useClock } from '@/components/clock';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { Segmented } from '@/components/ui/segmented';
import { addDays, customPeriodProblem, localDate, MAX_REPORT_DAYS, PERIOD_PRESETS, type ReportPeriod } from '@/lib/report-figures';
import styles from './reports.module.css';

type Choice = (typeof PERIOD_PRESETS)[number]['key'] | 'custom';

/** Last 7 days, last 30 days, or two days (both included) in the viewer's zone, checked before they are asked for. */
export function PeriodPicker({ period, timeZone, onChange }: { period: ReportPeriod; timeZone: string; onChange: (period: ReportPeriod) => void }) {
  const { now } = useClock();
  const current: Choice = period.kind === 'custom' ? 'custom' : period.days === 30 ? '30d' : '7d';
  const [choice, setChoice] = useState<Choice>(current);
  const today = localDate(now || Date.now(), timeZone);
  const [from, setFrom] = useState(period.kind === 'custom' ? period.from : addDays(today, -6));
  const [to, setTo] = useState(period.kind === 'custom' ? period.to : today);
  const [problem, setProblem] = useState<string | null>(null);
  const problemId = useId();

  const pick = (next: Choice) => {
    setChoice(next);
    const preset = PERIOD_PRESETS.find((p) => p.key === next);
    if (preset) onChange({ kind: 'last', days: preset.days });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const wrong = customPeriodProblem(from, to);
    setProblem(wrong);
    if (!wrong) onChange({ kind: 'custom', from, to });
  };

  return (
    <div className={styles.period}>
      <Segmented
        label="Period"
        value={choice}
        options={[...PERIOD_PRESETS.map((p) => ({ value: p.key as Choice, label: p.label })), { value: 'custom' as Choice, label: 'Custom' }]}
        onChange={pick}
      />
      {choice === 'custom' ? (
        <form className={styles.custom} aria-label="Custom period" onSubmit={submit} noValidate>
          <TextField
            label="From"
            type="date"
            value={from}
            max={to || undefined}
            onChange={(e) => setFrom(e.target.value)}
            aria-invalid={problem ? true : undefined}
            aria-errormessage={problem ? problemId : undefined}
            fieldClassName={styles.dateField}
          />
          <TextField
            label="To"
            type="date"
            value={to}
            min={from || undefined}
            onChange={(e) => setTo(e.target.value)}
            aria-invalid={problem ? true : undefined}
            aria-errormessage={problem ? problemId : undefined}
            fieldClassName={styles.dateField}
          />
          <Button type="submit" variant="primary" size="sm" className={styles.show}>
            Show
          </Button>
          {problem ? (
            <p id={problemId} role="alert" className={styles.problem}>
              {problem}
            </p>
          ) : (
            <p className={styles.hint}>Both days included, at most {MAX_REPORT_DAYS}.</p>
          )}
        </form>
      ) : null}
    </div>
  );
}
