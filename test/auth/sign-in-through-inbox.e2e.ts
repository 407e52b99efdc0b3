import { useApiAndInbox } from '../support/inbox-server.js';

// The inbox's proxy (/v1/* to the API) is how browsers sign in. A browser can send any
// X-Forwarded-For; the inbox passes on the address it saw instead, so rotating the header buys no
// more guesses than a fixed address gets, and the audit trail records the real address.
describe('signing in through the inbox: the client address is the one the inbox saw', () => {
  const stack = useApiAndInbox();

  it('a rotated X-Forwarded-For gets no more attempts than a fixed address: the per-address limit holds at 20', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      const res = await fetch(`${stack.inbox.url}/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${i + 1}` },
        body: JSON.stringify({ email: `rotating${i}@shop.example`, password: 'Summer2026!' }),
      });
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(20);
    expect(statuses.slice(20)).toEqual([429, 429, 429, 429, 429]);
    const addresses = await stack.api.dataSource.query(`SELECT DISTINCT ip FROM login_attempts WHERE email_key LIKE 'rotating%'`);
    expect(addresses).toEqual([{ ip: '127.0.0.1' }]);
  });
});
