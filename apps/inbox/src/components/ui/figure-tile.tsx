import type { Tone } from '@/lib/message-state';
import tiles from './figure-tiles.module.css';

/** One figure of a row of tiles (`figure-tiles.module.css`): a label, a big number, a line of detail; the list item is named by its label. */
export function FigureTile({ label, value, detail, tone }: { label: string; value: string; detail: string; tone?: Tone }) {
  return (
    <li className={tiles.tile} data-tone={tone} aria-label={label}>
      <span className={tiles.label}>{label}</span>
      <span className={tiles.value}>{value}</span>
      <span className={tiles.detail}>{detail}</span>
    </li>
  );
}
