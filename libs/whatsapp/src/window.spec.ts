import { CUSTOMER_SERVICE_WINDOW_MS, decideFreeFormAt, type FreeFormDecision } from './window.js';

// Meta's timestamp of the last inbound message (Unix seconds), as a webhook carries it.
const LAST_INBOUND = new Date(1749416383 * 1000);
const UNTIL = new Date(LAST_INBOUND.getTime() + CUSTOMER_SERVICE_WINDOW_MS);
const after = (ms: number) => new Date(LAST_INBOUND.getTime() + ms);
const HOUR = 3600_000;

describe('the 24-hour customer-service window', () => {
  it('lasts 24 h', () => {
    expect(CUSTOMER_SERVICE_WINDOW_MS).toBe(86_400_000);
  });

  it.each<[string, Date | null, Date, FreeFormDecision]>([
    ['right after the message', UNTIL, after(1000), 'open'],
    ['an hour later', UNTIL, after(HOUR), 'open'],
    // A webhook retried 23 h late still finds an hour left: the window counts from Meta's timestamp.
    ['23 h after Meta’s timestamp, however late the webhook came', UNTIL, after(23 * HOUR), 'open'],
    ['one ms before closing', UNTIL, after(CUSTOMER_SERVICE_WINDOW_MS - 1), 'open'],
    ['exactly 24 h later: closed', UNTIL, after(CUSTOMER_SERVICE_WINDOW_MS), 'closed'],
    ['a day and a second later', UNTIL, after(CUSTOMER_SERVICE_WINDOW_MS + 1000), 'closed'],
    ['a week later', UNTIL, after(7 * 24 * HOUR), 'closed'],
    ['no inbound message known', null, after(0), 'closed'],
    ['closed early once Meta answered 131047', after(2 * HOUR), after(2 * HOUR), 'closed'],
  ])('%s', (_name, windowOpenUntil, now, decision) => {
    expect(decideFreeFormAt(windowOpenUntil, now)).toBe(decision);
  });
});
