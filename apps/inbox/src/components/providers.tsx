'use client';

import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { makeQueryClient } from '../lib/query-client';
import { ClockProvider } from './clock';
import { ToastProvider } from './ui/toast';
import { TooltipProvider } from './ui/tooltip';

/** Everything client components share: the query cache, the clock, tooltips and toasts. */
export function Providers({ now, timeZone, children }: { now: number; timeZone: string; children: ReactNode }) {
  const [queryClient] = useState(makeQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ClockProvider initialNow={now} initialTimeZone={timeZone}>
        <TooltipProvider delayDuration={400} skipDelayDuration={200}>
          <ToastProvider>{children}</ToastProvider>
        </TooltipProvider>
      </ClockProvider>
    </QueryClientProvider>
  );
}
