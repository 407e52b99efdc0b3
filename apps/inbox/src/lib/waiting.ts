import type { Message } from '@sendbook/api-contract';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { relativeTime, safeTimeZone, type Instant } from './time';

/**
 * Why a queued message has not gone yet (the API's `waiting`), in words: "Quiet hours in the
 * customer's time zone: goes at 07:00 their time (in 9 h)". Null when it is next in line.
 */
export function waitingWords(waiting: Message['waiting'], now: Instant, timeZone = 'UTC'): string | null {
  if (!waiting) return null;
  const when = waiting.until ? ` (${relativeTime(waiting.until, now, timeZone)})` : '';
  switch (waiting.reason) {
    case 'paused':
      return `Sending from this number is paused${waiting.until ? ` until ${clock(waiting.until, timeZone)}` : ''}${when}.`;
    case 'quiet_hours':
      return waiting.until
        ? `Quiet hours for the customer: goes at ${clock(waiting.until, waiting.time_zone ?? timeZone)}${waiting.time_zone ? ' their time' : ''}${when}.`
        : 'Quiet hours for the customer: goes when they end.';
    case 'messaging_limit':
      return `Waiting for a slot under the number's daily messaging limit${waiting.until ? `, from ${clock(waiting.until, timeZone)}` : ''}${when}.`;
    case 'cooling':
      return `The number is cooling down after WhatsApp slowed it${when}.`;
    case 'retry':
      return `Sending again after an error${when}.`;
    case 'scheduled':
      return waiting.until ? `Scheduled for ${format(local(waiting.until, timeZone), 'EEE d MMM, HH:mm')}${when}.` : 'Scheduled for later.';
    case 'paced':
      return `One message at a time to the same person: goes next${when}.`;
    default:
      return 'Waiting to be sent.';
  }
}

const local = (at: string, timeZone: string) => new TZDate(new Date(at).getTime(), safeTimeZone(timeZone));
const clock = (at: string, timeZone: string) => format(local(at, timeZone), 'HH:mm');
