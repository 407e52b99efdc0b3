import type { HTMLAttributes, ReactNode, TdHTMLAttributes, ThHTMLAttributes } from 'react';
import styles from './table.module.css';

/** A real `<table>` (rows and columns a screen reader can walk), dense, with a sticky header. */
export function Table({ caption, children, label }: { caption?: ReactNode; label?: string; children: ReactNode }) {
  return (
    <div className={styles.wrap}>
      <table className={styles.table} aria-label={label}>
        {caption ? <caption className="visually-hidden">{caption}</caption> : null}
        {children}
      </table>
    </div>
  );
}

type Cell = 'num' | 'mono' | 'muted' | 'wrapText';
const cell = (kinds: readonly (Cell | false | undefined)[], className?: string) =>
  [...kinds.filter(Boolean).map((k) => styles[k as Cell]), className].filter(Boolean).join(' ') || undefined;

export function Th({ numeric, className, ...props }: ThHTMLAttributes<HTMLTableCellElement> & { numeric?: boolean }) {
  return <th scope="col" className={cell([numeric && 'num'], className)} {...props} />;
}

export function Td({
  numeric,
  mono,
  muted,
  wrap,
  className,
  ...props
}: TdHTMLAttributes<HTMLTableCellElement> & { numeric?: boolean; mono?: boolean; muted?: boolean; wrap?: boolean }) {
  return <td className={cell([numeric && 'num', mono && 'mono', muted && 'muted', wrap && 'wrapText'], className)} {...props} />;
}

export function Tr(props: HTMLAttributes<HTMLTableRowElement>) {
  return <tr {...props} />;
}
