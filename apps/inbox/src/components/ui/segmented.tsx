'use client';

import styles from './segmented.module.css';

/** A few mutually exclusive views of one list ("Open / Closed / All"): toggle buttons in a labelled group. */
export function Segmented<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  return (
    <div role="group" aria-label={label} className={styles.group}>
      {options.map((option) => (
        <button key={option.value} type="button" className={styles.option} aria-pressed={option.value === value} onClick={() => onChange(option.value)}>
          {option.label}
        </button>
      ))}
    </div>
  );
}
