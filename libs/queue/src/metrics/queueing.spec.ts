import { arrivals, poolFigures, utilisation } from './queueing.js';

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
