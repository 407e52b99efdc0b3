import type { ErrorAction, ErrorScope } from '@sendbook/whatsapp';
import { DEFAULT_PAIR_INTERVAL_MS } from './pair-pacing.js';
import { DEFAULT_SLOW_DOWN } from './throughput.js';

// What a Graph API error changes in the sending policy, beside what happens to the row itself
// (send-decision.ts). Decided on Meta's error `code` first, then on the classifier's action/scope.
// Codes: https://developers.facebook.com/documentation/business-messaging/whatsapp/support/error-codes

export type PauseReason = 'restriction' | 'auth' | 'payment' | 'other';

export type PolicyAction =
  | { kind: 'none' }
  /** 130429: cut this number's rate by `factor`, hold it `holdMs`, climb back over `recoverMs` (`slowDown`). */
  | { kind: 'slow_number'; factor: number; holdMs: number; recoverMs: number }
  /** 131056: this (number, user) pair stays shut until `until` (PAIR_PUSH_LUA). */
  | { kind: 'push_pair'; delayMs: number; until: Date }
  /** Short, self-ending stop without an alert: maintenance (131057) or API call limits (4, 80007). */
  | { kind: 'cool'; scope: 'number' | 'account'; until: Date }
  /**
   * Stop sending until an admin resumes, and raise an alert work item. `account` stops all sending
   * (a `sending_pauses` row with scope 'account'); `number` only this number's.
   */
  | { kind: 'pause'; scope: 'number' | 'account'; reason: PauseReason; code: number | string | null }
  /** 131047: the 24 h window is closed: mark it so, and take the fallback template or hold. */
  | { kind: 'window_closed' };

/** A classified error: `classifyGraphError(...)`, or a send decision's `error` (code only). */
export interface AdaptationInput {
  code: number | string | null;
  action?: ErrorAction;
  scope?: ErrorScope;
}

export interface AdaptationOptions {
  slowFactor: number;
  slowHoldMs: number;
  slowRecoverMs: number;
  /** The pair interval: a pushed pair never frees sooner than this. */
  pairIntervalMs: number;
  /** Cap on 4^X s. */
  maxPairPushMs: number;
  maintenanceMs: number;
  callLimitMs: number;
}

export const DEFAULT_ADAPTATION: Readonly<AdaptationOptions> = {
  slowFactor: DEFAULT_SLOW_DOWN.factor,
  slowHoldMs: DEFAULT_SLOW_DOWN.holdMs,
  slowRecoverMs: DEFAULT_SLOW_DOWN.recoverMs,
  pairIntervalMs: DEFAULT_PAIR_INTERVAL_MS,
  maxPairPushMs: 60 * 60 * 1000,
  maintenanceMs: 60_000,
  callLimitMs: 60_000,
};

/** Spam-rate limit and policy restrictions: this number stops until a person looks. */
export const RESTRICTION_CODES: readonly number[] = [131048, 368, 131031];
/** The token or the app's permissions: nothing can be sent by anyone. */
export const AUTH_CODES: readonly number[] = [0, 10, 190];
const PAYMENT_CODES: readonly number[] = [131042];
const WINDOW_CODES: readonly number[] = [131047, 470];

/** Meta's pair-limit retry: 4^X seconds, X = the pair's 131056 failures before this one (from 0). */
export function pairPushDelayMs(strikes: number, options: Pick<AdaptationOptions, 'pairIntervalMs' | 'maxPairPushMs'> = DEFAULT_ADAPTATION): number {
  const x = Number.isFinite(strikes) && strikes > 0 ? Math.floor(strikes) : 0;
  const meta = 4 ** Math.min(x, 20) * 1000;
  return Math.min(options.maxPairPushMs, Math.max(options.pairIntervalMs, meta));
}

/** A further cooling (COOL_DOWN_LUA): until the later of the running one's end and `until`. */
export function coolDown(previous: Date | null, until: Date): Date {
  return new Date(Math.max(previous?.getTime() ?? 0, until.getTime()));
}

export function adaptationFor(
  error: AdaptationInput,
  { now, pairStrikes = 0, options = {} }: { now: Date; pairStrikes?: number; options?: Partial<AdaptationOptions> },
): PolicyAction {
  const o = { ...DEFAULT_ADAPTATION, ...options };
  const code = typeof error.code === 'string' && /^\d+$/.test(error.code) ? Number(error.code) : error.code;
  const at = (ms: number) => new Date(now.getTime() + ms);

  if (typeof code === 'number') {
    if (code === 130429) return { kind: 'slow_number', factor: o.slowFactor, holdMs: o.slowHoldMs, recoverMs: o.slowRecoverMs };
    if (code === 131056) {
      const delayMs = pairPushDelayMs(pairStrikes, o);
      return { kind: 'push_pair', delayMs, until: at(delayMs) };
    }
    if (code === 131057) return { kind: 'cool', scope: 'number', until: at(o.maintenanceMs) };
    if (code === 4 || code === 80007) return { kind: 'cool', scope: 'account', until: at(o.callLimitMs) };
    if (WINDOW_CODES.includes(code)) return { kind: 'window_closed' };
    if (RESTRICTION_CODES.includes(code)) return { kind: 'pause', scope: 'number', reason: 'restriction', code };
    if (AUTH_CODES.includes(code) || (code >= 200 && code <= 299)) return { kind: 'pause', scope: 'account', reason: 'auth', code };
    if (PAYMENT_CODES.includes(code)) return { kind: 'pause', scope: 'account', reason: 'payment', code };
  }
  if (error.action === 'window_closed') return { kind: 'window_closed' };
  if (error.action === 'pause_account') return { kind: 'pause', scope: error.scope === 'number' ? 'number' : 'account', reason: 'other', code: error.code };
  return { kind: 'none' };
}
