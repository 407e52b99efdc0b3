/** What the summary needs to know about the number and the campaign. */
export interface CampaignEstimateInput {
  /** Recipients that will be sent (valid, distinct, not opted out). */
  recipients: number;
  /** When the first may go (the campaign's not_before, or now). */
  start: Date;
  /** Messages per second the number is held to (after headroom and any slowdown). */
  ratePerSecond: number;
  /** Unique users per rolling window, or unlimited. */
  limit: number | 'unlimited';
  /** Users already reached in the current window. */
  usersInWindow: number;
  /** The limit's window (24 h at Meta). */
  windowMs: number;
}

export interface CampaignEstimate {
  /** How many can go in the current window. */
  today: number;
  /** How many wait for the window to free slots. */
  waitingForLimit: number;
  /** When the last one should go; null with nobody to send to. */
  lastAt: Date | null;
}

/**
 * When a campaign's messages should go, at the number's rate and messaging limit: the slots left
 * in the current window now, then `limit` new users per window after it (the users reached at the
 * start leave the window one window later; we count from the start, which is the later bound).
 * Recipients who are already in the window and quiet hours are not modelled: an estimate, no promise.
 */
export function estimateCampaign(input: CampaignEstimateInput): CampaignEstimate {
  const n = Math.max(0, Math.floor(input.recipients));
  const rate = input.ratePerSecond > 0 ? input.ratePerSecond : 1;
  const msPer = 1000 / rate;
  if (n === 0) return { today: 0, waitingForLimit: 0, lastAt: null };
  if (input.limit === 'unlimited') return { today: n, waitingForLimit: 0, lastAt: new Date(input.start.getTime() + (n - 1) * msPer) };
  const limit = Math.max(1, Math.floor(input.limit));
  const left = Math.max(0, limit - input.usersInWindow);
  const today = Math.min(n, left);
  const waiting = n - today;
  if (waiting === 0) return { today, waitingForLimit: 0, lastAt: new Date(input.start.getTime() + (today - 1) * msPer) };
  const windows = Math.ceil(waiting / limit);
  const inLast = waiting - (windows - 1) * limit;
  return { today, waitingForLimit: waiting, lastAt: new Date(input.start.getTime() + windows * input.windowMs + (inLast - 1) * msPer) };
}
