import { Prng } from '../core/prng.js';
import { planDelivery } from './delivery-plan.js';

describe('planDelivery', () => {
  it.each([
    [{ kind: 'lose_response' } as const, { refuse: null, loseResponse: true, delayMs: 0 }],
    [{ kind: 'http_500' } as const, { refuse: { kind: 'http_500' }, loseResponse: false, delayMs: 0 }],
    [{ kind: 'error', code: 131056 } as const, { refuse: { kind: 'error', code: 131056 }, loseResponse: false, delayMs: 0 }],
    [{ kind: 'slow', ms: 900 } as const, { refuse: null, loseResponse: false, delayMs: 900 }],
  ])('follows the script %j, ignoring chaos', (action, expected) => {
    expect(planDelivery(action, { serverErrorProbability: 1, lostResponseProbability: 1 }, new Prng(1))).toEqual(expected);
  });

  it('rolls the chaos knobs when nothing is scripted', () => {
    expect(planDelivery(undefined, {}, new Prng(1))).toEqual({ refuse: null, loseResponse: false, delayMs: 0 });
    expect(planDelivery(undefined, { serverErrorProbability: 1 }, new Prng(1)).refuse).toEqual({ kind: 'http_500' });
    expect(planDelivery(undefined, { lostResponseProbability: 1 }, new Prng(1)).loseResponse).toBe(true);
    const slow = planDelivery(undefined, { slowResponseMs: [100, 200] }, new Prng(1)).delayMs;
    expect(slow).toBeGreaterThanOrEqual(100);
    expect(slow).toBeLessThanOrEqual(200);
  });
});
