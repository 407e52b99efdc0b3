import type { ChaosOptions } from '../core/chaos-options.js';
import type { Prng } from '../core/prng.js';
import type { ScriptAction } from './send-script.js';

/** How the answer to one send is delivered: refused up front, lost, delayed, or normal. */
export interface DeliveryPlan {
  /** Answer this instead of processing the send (nothing is accepted). */
  refuse: { kind: 'http_500' } | { kind: 'error'; code: number; details?: string } | null;
  /** Process the send, then destroy the socket without answering. */
  loseResponse: boolean;
  /** Answer after this long (a refusal too). */
  delayMs: number;
}

/** A scripted action wins; otherwise the chaos knobs roll (in a fixed order, for seeded runs). */
export function planDelivery(scripted: ScriptAction | undefined, chaos: ChaosOptions, rng: Prng): DeliveryPlan {
  const plan: DeliveryPlan = { refuse: null, loseResponse: false, delayMs: 0 };
  if (scripted) {
    if (scripted.kind === 'http_500') plan.refuse = { kind: 'http_500' };
    else if (scripted.kind === 'error') {
      plan.refuse = scripted.details === undefined ? { kind: 'error', code: scripted.code } : { kind: 'error', code: scripted.code, details: scripted.details };
      plan.delayMs = Math.max(0, scripted.afterMs ?? 0);
    } else if (scripted.kind === 'lose_response') plan.loseResponse = true;
    else plan.delayMs = Math.max(0, scripted.ms);
    return plan;
  }
  if (rng.chance(chaos.serverErrorProbability)) plan.refuse = { kind: 'http_500' };
  else if (rng.chance(chaos.lostResponseProbability)) plan.loseResponse = true;
  const slow = chaos.slowResponseMs;
  if (slow !== undefined) plan.delayMs = typeof slow === 'number' ? slow : rng.int(Math.min(slow[0], slow[1]), Math.max(slow[0], slow[1]));
  return plan;
}
