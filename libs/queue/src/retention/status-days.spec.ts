import { parkedStatusesReceivedFrom, pricedStatusesReceivedBy, sentStatusesReceivedFrom, statusesReceivedFrom } from './status-days.js';

const at = new Date('2026-12-05T12:00:00Z');

describe('the days of status events a query reads', () => {
  it('a status is received after what it is about, within an hour of clock slack', () => {
    expect(statusesReceivedFrom(at).toISOString()).toBe('2026-12-05T11:00:00.000Z');
  });

  it("priced statuses come within Meta's 30 days of delivery attempts, and a day", () => {
    expect(pricedStatusesReceivedBy(at).toISOString()).toBe('2027-01-05T12:00:00.000Z');
    expect(sentStatusesReceivedFrom(at).toISOString()).toBe('2026-11-04T11:00:00.000Z');
  });

  it('a parked status is younger than WEBHOOK_FOREIGN_AFTER', () => {
    expect(parkedStatusesReceivedFrom(at, 3_600_000).toISOString()).toBe('2026-12-05T11:00:00.000Z');
  });
});
