'use client';

import { absoluteTime, clockTime, compactTime, relativeTime } from '../lib/time';
import { useClock } from './clock';

/** A `<time>` that reads as people speak ("4 min ago") and carries the exact instant in its title. */
export function Time({
  at,
  style = 'relative',
  className,
  past = false,
}: {
  at: string;
  style?: 'relative' | 'compact' | 'clock';
  className?: string;
  past?: boolean;
}) {
  const { now, timeZone } = useClock();
  // Something that already happened is never "in a moment", even while the clock's 30 s tick lags behind it.
  const shownNow = past ? Math.max(now, Date.parse(at)) : now;
  const text = style === 'clock' ? clockTime(at, timeZone) : style === 'compact' ? compactTime(at, shownNow, timeZone) : relativeTime(at, shownNow, timeZone);
  return (
    <time dateTime={at} title={absoluteTime(at, timeZone)} className={className}>
      {text}
    </time>
  );
}
