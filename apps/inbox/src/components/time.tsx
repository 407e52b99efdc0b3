'use client';

import { absoluteTime, clockTime, compactTime, relativeTime } from '../lib/time';
import { useClock } from './clock';

/** A `<time>` that reads as people speak ("4 min ago") and carries the exact instant in its title. */
export function Time({ at, style = 'relative', className }: { at: string; style?: 'relative' | 'compact' | 'clock'; className?: string }) {
  const { now, timeZone } = useClock();
  const text = style === 'clock' ? clockTime(at, timeZone) : style === 'compact' ? compactTime(at, now, timeZone) : relativeTime(at, now, timeZone);
  return (
    <time dateTime={at} title={absoluteTime(at, timeZone)} className={className}>
      {text}
    </time>
  );
}
