import { requestIntervalMs, takeRequest } from './request-rate.js';

describe("takeRequest (a key's requests per minute)", () => {
  const T0 = 1_800_000_000_000;

  it("allows a minute's worth at once, then refuses with the time until the next one", () => {
    let tat: number | null = null;
    for (let i = 0; i < 5; i++) {
      const d = takeRequest(tat, T0, 5);
      expect(d.allowed).toBe(true);
      tat = d.tatMs;
    }
    const refused = takeRequest(tat, T0, 5);
    expect(refused).toMatchObject({ allowed: false, retryAfterMs: 12_000 });
    expect(takeRequest(tat, T0 + 11_999, 5).allowed).toBe(false);
    expect(takeRequest(tat, T0 + 12_000, 5).allowed).toBe(true);
  });

  it("never lets more than perMinute + the minute's refill through in any minute", () => {
    const perMinute = 30;
    const allowedAt: number[] = [];
    let tat: number | null = null;
    for (let t = T0; t < T0 + 180_000; t += 250) {
      const d = takeRequest(tat, t, perMinute);
      tat = d.tatMs;
      if (d.allowed) allowedAt.push(t);
    }
    for (const start of allowedAt) {
      const inMinute = allowedAt.filter((t) => t >= start && t < start + 60_000).length;
      expect(inMinute).toBeLessThanOrEqual(2 * perMinute);
    }
    // Over three minutes: the first burst plus one every 2 s.
    expect(allowedAt.length).toBe(perMinute + Math.floor(180_000 / requestIntervalMs(perMinute)) - 1);
  });

  it('a refused request costs nothing', () => {
    const full = takeRequest(T0 + 60_000 * 4, T0, 5);
    expect(full.allowed).toBe(false);
    expect(full.tatMs).toBe(T0 + 60_000 * 4);
  });

  it('a clock behind the stored time refills nothing', () => {
    const first = takeRequest(null, T0, 1);
    expect(takeRequest(first.tatMs, T0 - 5_000, 1)).toMatchObject({ allowed: false, retryAfterMs: 65_000 });
  });

  it('refuses a rate that is not a whole number of requests', () => {
    expect(() => takeRequest(null, T0, 0)).toThrow(RangeError);
    expect(() => takeRequest(null, T0, 1.5)).toThrow(RangeError);
  });
});
