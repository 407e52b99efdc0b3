import { arrivals, poolFigures, poolSeries, utilisation } from './queueing.js';

describe('worker pool figures', () => {
  it('ρ = λ·S/c (the seed’s example: 30/s × 90 ms ÷ 4 = 0.675)', () => {
    expect(utilisation(30, 90, 4)).toBeCloseTo(0.675, 10);
    expect(utilisation(30, 90, 0)).toBeNull();
  });

  it('arrivals are what was served plus what the backlog grew by', () => {
    expect(arrivals({ served: 100, backlogStart: 10, backlogEnd: 30 })).toBe(120);
    expect(arrivals({ served: 100, backlogStart: 30, backlogEnd: 10 })).toBe(80);
    expect(arrivals({ served: 0, backlogStart: 30, backlogEnd: 0 })).toBe(0);
  });

  it('a pool that keeps up: ρ < 1, wait by Little’s law', () => {
    const f = poolFigures({ windowMs: 60_000, served: 1800, serviceMsTotal: 1800 * 90, backlogStart: 2, backlogEnd: 2, backlogMean: 1.5, workers: 4 });
    expect(f.arrivalRatePerS).toBe(30);
    expect(f.meanServiceMs).toBe(90);
    expect(f.utilisation).toBeCloseTo(0.675, 10);
    expect(f.backlog).toBe(2);
    expect(f.meanWaitMs).toBeCloseTo(50, 10);
  });

  it('a pool falling behind: ρ > 1 and the backlog grows', () => {
    const f = poolFigures({ windowMs: 60_000, served: 600, serviceMsTotal: 600 * 400, backlogStart: 0, backlogEnd: 1200, backlogMean: 600, workers: 4 });
    expect(f.arrivalRatePerS).toBe(30);
    expect(f.utilisation).toBeCloseTo(3, 10);
    expect(f.meanWaitMs).toBeCloseTo(20_000, 6);
  });

  it('an idle pool has no service time, utilisation or wait to speak of', () => {
    const f = poolFigures({ windowMs: 60_000, served: 0, serviceMsTotal: 0, backlogStart: 0, backlogEnd: 0, backlogMean: 0, workers: 4 });
    expect(f).toEqual({ arrivalRatePerS: 0, meanServiceMs: null, workers: 4, utilisation: null, backlog: 0, meanWaitMs: null, served: 0 });
    expect(() => poolFigures({ windowMs: 0, served: 0, serviceMsTotal: 0, backlogStart: 0, backlogEnd: 0, backlogMean: 0, workers: 1 })).toThrow(RangeError);
  });
});

describe('a pool’s figures bucket by bucket', () => {
  const MIN = 60_000;
  const base = { buckets: [0, 5 * MIN], bucketMs: 5 * MIN, until: 10 * MIN };

  it('each bucket is its own window: ρ from its jobs, service time, backlog and slots', () => {
    const points = poolSeries({
      ...base,
      // First five minutes: 30 jobs/s of 90 ms on 4 slots (the seed’s 0.675); then nothing.
      jobs: [0, 1, 2, 3, 4].map((m) => ({ at: m * MIN, count: 1800 })),
      serviceMs: [0, 1, 2, 3, 4].map((m) => ({ at: m * MIN, count: 1800 * 90 })),
      backlog: [
        { at: -1, value: 2 },
        { at: 4 * MIN, value: 2 },
        { at: 9 * MIN, value: 0 },
      ],
      slots: [
        { at: 0, label: 'outbound|a', value: 4 },
        { at: 6 * MIN, label: 'outbound|a', value: 4 },
      ],
    });
    expect(points[0]).toMatchObject({ at: 0, served: 9000, workers: 4, meanServiceMs: 90 });
    expect(points[0]!.utilisation).toBeCloseTo(0.675, 10);
    expect(points[1]).toMatchObject({ at: 5 * MIN, served: 0, workers: 4, utilisation: 0, backlog: 0 });
  });

  it('a bucket no worker reported in has ρ null; slots of two processes add up', () => {
    const points = poolSeries({
      ...base,
      jobs: [
        { at: 0, count: 60 },
        { at: 5 * MIN, count: 60 },
      ],
      serviceMs: [
        { at: 0, count: 60_000 },
        { at: 5 * MIN, count: 60_000 },
      ],
      backlog: [],
      slots: [
        { at: 5 * MIN, label: 'outbound|a', value: 2 },
        { at: 6 * MIN, label: 'outbound|b', value: 2 },
        { at: 7 * MIN, label: 'outbound|a', value: 2 },
      ],
    });
    expect(points[0]!.utilisation).toBeNull();
    expect(points[1]!.workers).toBe(4);
    // 60 jobs of 1 s in 5 minutes on 4 slots: λ = 0.2/s, ρ = 0.2 × 1 ÷ 4.
    expect(points[1]!.utilisation).toBeCloseTo(0.05, 10);
  });

  it('the bucket still running is as long as the time that has passed in it', () => {
    const [point] = poolSeries({
      buckets: [0],
      bucketMs: 60 * MIN,
      until: 2 * MIN,
      jobs: [{ at: 0, count: 120 }],
      serviceMs: [{ at: 0, count: 120_000 }],
      backlog: [],
      slots: [{ at: 0, label: 'x|a', value: 1 }],
    });
    // 120 one-second jobs in the 2 minutes so far: λ = 1/s, ρ = 1.
    expect(point!.arrivalRatePerS).toBe(1);
    expect(point!.utilisation).toBe(1);
  });
});
