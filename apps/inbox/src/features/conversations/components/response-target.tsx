'use client';

import type { Conversation } from '@sendbook/api-contract';
import { useClock, useTickingNow } from '@/components/clock';
import { Badge } from '@/components/ui/badge';
import { describeResponseTarget } from '@/lib/response-target';

/**
 * The customer's wait against the team's response target, as a live countdown ("First response due
 * in 4m 12s"), then "Waiting 3m past target" once it passed. Its name says the same; what a screen
 * reader hears changes once per state, not every second. Nothing while nobody waits for a reply.
 */
export function ResponseTarget({ conversation }: { conversation: Pick<Conversation, 'response' | 'state'> }) {
  const { now: shared, timeZone } = useClock();
  const coarse = describeResponseTarget(conversation, shared, timeZone);
  const now = useTickingNow(coarse ? (coarse.everySecond ? 1000 : 10_000) : null);
  const display = describeResponseTarget(conversation, now, timeZone);
  if (!display) return null;
  return (
    <span role="status" aria-label={display.label} title={display.detail} data-state={display.state}>
      <Badge tone={display.tone} dot aria-hidden="true">
        {display.text}
      </Badge>
      <span className="visually-hidden">{display.announcement}</span>
    </span>
  );
}
