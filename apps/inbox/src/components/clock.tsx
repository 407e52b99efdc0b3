'use client';

import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { TIME_ZONE_COOKIE } from '../lib/session';
import { safeTimeZone } from '../lib/time';

export interface Clock {
  /** Milliseconds since the epoch, ticking every 30 s. */
  readonly now: number;
  /** The viewer's IANA time zone. */
  readonly timeZone: string;
}

const ClockContext = createContext<Clock>({ now: 0, timeZone: 'UTC' });

/**
 * The time every relative time and window countdown is computed against. It starts at the
 * server render's instant and zone (so hydration matches what the server drew), then follows the
 * browser's clock and zone; the zone is saved in a cookie so the next server render uses it too.
 */
export function ClockProvider({ initialNow, initialTimeZone, children }: { initialNow: number; initialTimeZone: string; children: ReactNode }) {
  const [clock, setClock] = useState<Clock>({ now: initialNow, timeZone: initialTimeZone });
  useEffect(() => {
    const zone = safeTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone);
    if (zone !== initialTimeZone) document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}; Path=/; Max-Age=31536000; SameSite=Lax`;
    setClock({ now: Date.now(), timeZone: zone });
    const timer = setInterval(() => setClock((c) => ({ ...c, now: Date.now() })), 30_000);
    return () => clearInterval(timer);
  }, [initialTimeZone]);
  return <ClockContext.Provider value={clock}>{children}</ClockContext.Provider>;
}

export function useClock(): Clock {
  return useContext(ClockContext);
}

/**
 * The clock redrawn every `intervalMs` (a countdown's seconds) for the component that asks; null:
 * the shared clock's 30 s tick is enough. Only the asking component re-renders on each tick.
 */
export function useTickingNow(intervalMs: number | null): number {
  const { now } = useClock();
  const [tick, setTick] = useState<number | null>(null);
  useEffect(() => {
    if (intervalMs === null) return;
    setTick(Date.now());
    const timer = setInterval(() => setTick(Date.now()), intervalMs);
    return () => {
      clearInterval(timer);
      setTick(null);
    };
  }, [intervalMs]);
  return tick === null ? now : Math.max(now, tick);
}
