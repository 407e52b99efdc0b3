// A row that throws before its claim (nothing was sent) is tried again with backoff, and after
// `maxFailures` tries in a row it is failed: a work item for a person instead of a job that comes
// back every sweep forever.

export type PrepareFailureDecision = { kind: 'retry'; notBefore: Date } | { kind: 'fail' };

export interface PrepareFailureContext {
  /** Failures so far, this one included. */
  failures: number;
  maxFailures: number;
  now: Date;
  baseMs: number;
  maxMs: number;
}

export function afterPrepareFailure(ctx: PrepareFailureContext): PrepareFailureDecision {
  if (ctx.failures >= ctx.maxFailures) return { kind: 'fail' };
  const delay = Math.min(ctx.maxMs, ctx.baseMs * 2 ** Math.max(0, ctx.failures - 1));
  return { kind: 'retry', notBefore: new Date(ctx.now.getTime() + delay) };
}
