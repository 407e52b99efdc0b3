import { classifyGraphError, backoffDelayMs, retryDelayMs, type ErrorClassification, type SendResult } from '@sendbook/whatsapp';
import { MARKETING_OPT_OUT_ERROR_CODE, marketingOptOutError } from './marketing/marketing-opt-out.js';
import type { RowError } from './row-error.js';

export type { RowError } from './row-error.js';

/** What the sender does with a row after one Graph API call. */
export type SendDecision =
  | { kind: 'accepted'; wamid: string; waId: string | null; messageStatus: string | null }
  /** Back to `queued`, due at `notBefore`. Nothing reached Meta, or Meta said "later". */
  | { kind: 'requeue'; notBefore: Date; error: RowError }
  /** Meta may have the message: stays `sending` until a webhook or a person settles it. */
  | { kind: 'stuck'; error: RowError }
  | { kind: 'fail'; error: RowError }
  /**
   * 24 h window closed: send the fallback template instead, or hold for a person. Also `hold`
   * (code `marketing_opt_out`): the user opted out of marketing (131050); their resume releases it.
   */
  | { kind: 'use_fallback'; error: RowError }
  | { kind: 'hold'; error: RowError }
  /** The account or number cannot send at all: the row goes back to `queued`, sending pauses. */
  | { kind: 'pause'; scope: 'number' | 'account'; error: RowError };

export interface SendDecisionContext {
  /** Attempts so far, including the one that produced this result. */
  attempts: number;
  maxAttempts: number;
  hasFallbackTemplate: boolean;
  now: Date;
  random: () => number;
  retry: { baseMs: number; maxMs: number };
}

export function decideAfterSend(result: SendResult, ctx: SendDecisionContext): SendDecision {
  switch (result.outcome) {
    case 'accepted':
      return { kind: 'accepted', wamid: result.wamid, waId: result.waId ?? null, messageStatus: result.messageStatus ?? null };
    case 'not_sent':
      return {
        kind: 'requeue',
        notBefore: later(ctx.now, ctx.retry.baseMs + backoffDelayMs(ctx.attempts - 1, ctx.retry, ctx.random)),
        error: { code: 'not_sent', title: 'Request never reached the Graph API', message: result.reason, details: null },
      };
    case 'unknown':
      return {
        kind: 'stuck',
        error: { code: 'unknown_outcome', title: 'Outcome unknown: the request may have reached Meta', message: result.reason, details: null },
      };
    case 'rejected':
      return decideOnRejection(classifyGraphError({ ...result.error, httpStatus: result.httpStatus }), ctx);
  }
}

function decideOnRejection(classification: ErrorClassification, ctx: SendDecisionContext): SendDecision {
  const error = rowError(classification);
  // Nothing was sent: held until the user resumes marketing, never failed.
  if (Number(classification.code) === MARKETING_OPT_OUT_ERROR_CODE)
    return { kind: 'hold', error: { ...marketingOptOutError(ctx.now), details: `Meta answered ${classification.code}: ${error.message}` } };
  switch (classification.action) {
    case 'retry': {
      const delay = ctx.attempts < ctx.maxAttempts ? retryDelayMs(classification, ctx.attempts - 1, ctx.retry, ctx.random) : null;
      return delay === null ? { kind: 'fail', error } : { kind: 'requeue', notBefore: later(ctx.now, delay), error };
    }
    case 'window_closed':
      return ctx.hasFallbackTemplate ? { kind: 'use_fallback', error } : { kind: 'hold', error };
    case 'pause_account':
      return { kind: 'pause', scope: classification.scope === 'number' ? 'number' : 'account', error };
    case 'do_not_retry':
      return { kind: 'fail', error };
  }
}

export function rowError(classification: ErrorClassification): RowError {
  return {
    code: classification.code,
    title: classification.title,
    message: classification.error.message ?? classification.title,
    details: classification.details,
  };
}

function later(now: Date, ms: number): Date {
  return new Date(now.getTime() + ms);
}
