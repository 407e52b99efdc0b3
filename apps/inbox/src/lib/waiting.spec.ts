import type { Message } from '@sendbook/api-contract';
import { waitingWords } from './waiting';

const NOW = '2026-12-02T14:30:00Z';
type Waiting = NonNullable<Message['waiting']>;
const w = (reason: Waiting['reason'], until: string | null = null, time_zone: string | null = null): Waiting => ({ reason, until, time_zone });

describe('waitingWords', () => {
  it.each<[Waiting | null, string | null]>([
    [null, null],
    [w('quiet_hours', '2026-12-03T05:00:00Z', 'Asia/Jerusalem'), 'Quiet hours for the customer: goes at 07:00 their time (tomorrow).'],
    [w('quiet_hours', '2026-12-02T20:00:00Z'), 'Quiet hours for the customer: goes at 20:00 (in 5 h).'],
    [w('quiet_hours'), 'Quiet hours for the customer: goes when they end.'],
    [w('paused'), 'Sending from this number is paused.'],
    [w('messaging_limit', '2026-12-02T15:10:00Z'), "Waiting for a slot under the number's daily messaging limit, from 15:10 (in 40 min)."],
    [w('cooling', '2026-12-02T14:32:00Z'), 'The number is cooling down after WhatsApp slowed it (in 2 min).'],
    [w('retry', '2026-12-02T14:30:20Z'), 'Sending again after an error (in a moment).'],
    [w('scheduled', '2026-12-04T09:00:00Z'), 'Scheduled for Fri 4 Dec, 09:00 (in 2 days).'],
    [w('paced', '2026-12-02T14:30:06Z'), 'One message at a time to the same person: goes next (in a moment).'],
  ])('%j → %s', (waiting, words) => {
    expect(waitingWords(waiting, NOW, 'UTC')).toBe(words);
  });
});
