import { templatePayload, startSendbook, type Sendbook } from '../support/sendbook.js';
import { waitFor } from '../support/wait-for.js';

// Three business numbers at Meta's default 80 msg/s, 300 users, 3,000 messages: the simulator (which
// enforces both limits like Meta, answering 130429 and 131056) must never have a reason to refuse.
const NUMBERS = ['106540352242901', '106540352242902', '106540352242903'];
const USERS = 300;
const MESSAGES = 3000;
const CAP = 80;
const PAIR_MS = 6000;

describe('sending policy: per-number throughput and per-user pacing, shared by every worker', () => {
  let sb: Sendbook;
  beforeAll(async () => {
    sb = await startSendbook({
      sim: {
        phoneNumbers: NUMBERS.map((id, i) => ({ id, displayPhoneNumber: `1555078388${i}`, wabaId: '102290129340398', mps: CAP })),
        pairIntervalMs: PAIR_MS,
        statusDelaysMs: { sent: 600_000, delivered: null, read: null },
      },
      app: { env: { MESSAGING_LIMIT: 'unlimited', SEND_CONCURRENCY: '48', SWEEP_INTERVAL_MS: '1000' } },
    });
  });
  afterAll(() => sb.close());

  it(`${MESSAGES} messages to ${USERS} users over 3 numbers: no second over ${CAP} per number, no user twice within 6 s`, async () => {
    for (let start = 0; start < MESSAGES; start += 250) {
      await Promise.all(
        Array.from({ length: Math.min(250, MESSAGES - start) }, (_, i) => {
          const k = start + i;
          return sb
            .api()
            .post('/v1/messages')
            .send({
              dedupe_key: `pace-${k}`,
              to: `+97250300${String(k % USERS).padStart(4, '0')}`,
              purpose: 'order_update',
              phone_number_id: NUMBERS[Math.floor(k / USERS) % NUMBERS.length],
              payload: templatePayload(String(k)),
            })
            .expect(201);
        }),
      );
    }
    await waitFor(() => sb.sim.ledger().length >= MESSAGES, { timeoutMs: 120_000, intervalMs: 250, what: `${MESSAGES} sends` });

    const ledger = sb.sim.ledger();
    expect(ledger).toHaveLength(MESSAGES);
    expect(sb.sim.duplicatedCallbackData()).toEqual([]);
    expect(sb.sim.rejections().map((r) => r.code)).toEqual([]);

    for (const number of NUMBERS) {
      const times = ledger
        .filter((e) => e.phoneNumberId === number)
        .map((e) => e.acceptedAt)
        .sort((a, b) => a - b);
      // The busiest one-second window anywhere (sliding, stricter than calendar seconds).
      let busiest = 0;
      for (let i = 0, j = 0; i < times.length; i++) {
        while (times[i]! - times[j]! >= 1000) j++;
        busiest = Math.max(busiest, i - j + 1);
      }
      expect({ number, busiest: busiest <= CAP }).toEqual({ number, busiest: true });
    }

    const byPair = new Map<string, number[]>();
    for (const e of ledger) byPair.set(`${e.phoneNumberId}:${e.to}`, [...(byPair.get(`${e.phoneNumberId}:${e.to}`) ?? []), e.acceptedAt]);
    const tooClose = [...byPair].flatMap(([pair, times]) =>
      times
        .sort((a, b) => a - b)
        .slice(1)
        .map((t, i) => ({ pair, gapMs: t - times[i]! }))
        .filter((g) => g.gapMs < PAIR_MS),
    );
    expect(tooClose).toEqual([]);

    const { body } = await sb.api().get('/v1/numbers').expect(200);
    for (const number of NUMBERS) {
      const entry = body.data.find((n: { phone_number_id: string }) => n.phone_number_id === number);
      expect(entry).toMatchObject({ rate_per_second: 80, paused: false, queued: 0, sending: 0, messaging_limit: { limit: 'unlimited' } });
      expect(entry.effective_rate_per_second).toBeLessThan(80);
    }
  }, 180_000);
});
