import { tierDecision, TIER_WINDOW_MS, type MessagingLimit, type WindowUser } from './messaging-tier.js';
import { takePairSlot } from './pair-pacing.js';
import { effectiveThroughput, type ThroughputSlowdown } from './throughput.js';
import { takeToken, TOKEN_UNITS, type BucketRate, type TokenBucketState } from './token-bucket.js';

// The sending gate: may this row go now? A row goes only when its number is not cooling down,
// its (number, user) pair is free, its user fits the messaging-limit window and the number's
// bucket has a token that is not held for a more urgent row (rows of equal priority do not hold
// tokens from each other: a late head would only leave its token unused). Everything is checked before
// anything is taken, so a denial never burns a pair slot or a tier slot (which would make that
// user wait 6 s, or a day, for nothing) or a token. ADMISSION_LUA is this rule as one atomic
// Redis script, shared by every worker.

export type AdmissionReason = 'cooling' | 'pair' | 'tier' | 'rate';
export type Admission =
  /** `sendAt`: when the token taken is there (now, or up to the request's `leadMs` later): send then, not before. */
  | { admitted: true; countsNewUser: boolean; nextTokenAt: Date; sendAt: Date }
  /**
   * For a rate denial: `place`, the rows ahead of this one in the number's waiting line, and
   * `tokenUs`, the microseconds between tokens at the rate now in force (longer while slowed).
   */
  | { admitted: false; reason: AdmissionReason; retryAt: Date; place?: number; tokenUs?: number };

/** A number's next token, kept for the row at the head of its waiting line until `until`. */
export interface TokenHold {
  rowId: string;
  until: Date;
  priority: number;
}

/** A number's rows denied a token: row id → `waitingScore`. */
export type WaitingLine = ReadonlyMap<string, number>;

/** What the gate reads for one row: its number's, its pair's and its limit scope's state. */
export interface GateState {
  /** The later of the number's and the account's cooling end. */
  coolUntil: Date | null;
  /** When the (number, user) pair may send again. */
  pairFreeAt: Date | null;
  /** Business-initiated messages in the row's limit scope, with each one's time. */
  usersInWindow: readonly WindowUser[];
  slowdown: ThroughputSlowdown | null;
  bucket: TokenBucketState | null;
  hold: TokenHold | null;
  line: WaitingLine;
}

export interface AdmissionRequest {
  now: Date;
  /** The number's rate before any slowdown. */
  rate: BucketRate;
  pairIntervalMs: number;
  limit: MessagingLimit;
  /** Outside a customer-service window: the message counts against the messaging limit. */
  businessInitiated: boolean;
  tierWindowMs?: number;
  waId: string;
  rowId: string;
  priority: number;
  createdAt: Date;
  /** How long past its retry the head of the line keeps its token. */
  holdGraceMs: number;
  /** A token that will be there within this long may be taken now, to send when it is (`takeToken`). */
  leadMs?: number;
}

const PRIORITY_LIMIT = 1000;
/** 2^42 ms is about 139 years: any creation time from 1970 to 2109 stays below one priority step. */
const PRIORITY_STEP = 2 ** 42;

/**
 * A row's place in its number's waiting line: higher priority first, then older first. Priority
 * is clamped to ±1000 so the score stays an exact integer (under 2^53).
 */
export function waitingScore(priority: number, createdAt: Date): number {
  const p = Math.max(-PRIORITY_LIMIT, Math.min(PRIORITY_LIMIT, Math.trunc(priority)));
  return (PRIORITY_LIMIT - p) * PRIORITY_STEP + createdAt.getTime();
}

/** Rows ahead of `rowId` in the line: lower score first, equal scores by id (as a Redis sorted set orders them). */
export function placeInLine(line: WaitingLine, rowId: string): number {
  const score = line.get(rowId);
  if (score === undefined) throw new RangeError(`waiting line: ${rowId} is not in line`);
  let ahead = 0;
  for (const [id, s] of line) if (s < score || (s === score && id < rowId)) ahead++;
  return ahead;
}

/**
 * The gate for one row at `now`: cooling, then the pair, then the messaging limit, then the
 * token. A rate denial puts the row in its number's waiting line; the row at the head holds the
 * next token until its retry plus the grace, and rows of lower priority are denied it (so the
 * most urgent waiting row goes next, whatever the timing of the others). Returns the answer
 * and the state after it: a denial changes only the line and the hold.
 */
export function decideAdmission(state: GateState, request: AdmissionRequest): { admission: Admission; state: GateState } {
  const { now, rowId, priority } = request;
  const t = now.getTime();
  if (state.coolUntil && state.coolUntil.getTime() > t) return { admission: { admitted: false, reason: 'cooling', retryAt: state.coolUntil }, state };

  const pair = takePairSlot(state.pairFreeAt, now, request.pairIntervalMs);
  if (!pair.granted) return { admission: { admitted: false, reason: 'pair', retryAt: pair.nextAt }, state };

  const tier = tierDecision({
    recipient: request.waId,
    usersInWindow: state.usersInWindow,
    limit: request.limit,
    now,
    businessInitiated: request.businessInitiated,
    windowMs: request.tierWindowMs ?? TIER_WINDOW_MS,
  });
  if (!tier.allowed) return { admission: { admitted: false, reason: 'tier', retryAt: tier.notBefore }, state };

  const rate = effectiveThroughput(request.rate, state.slowdown, now);
  const token = takeToken(state.bucket, now, rate, request.leadMs ?? 0);
  const hold = state.hold && state.hold.until.getTime() >= t ? state.hold : null;
  const heldForOther = hold !== null && hold.rowId !== rowId && hold.priority > priority;
  if (!token.granted || heldForOther) {
    let retryAt = token.granted ? token.state.at.getTime() : token.nextAt.getTime();
    // The holder takes the held token by the end of its hold; the one after is ours at the earliest.
    if (hold && heldForOther) retryAt = Math.max(retryAt, hold.until.getTime() + Math.ceil(TOKEN_UNITS / (rate.ratePerSec * 1000)));
    const line = new Map(state.line).set(rowId, waitingScore(priority, request.createdAt));
    const place = placeInLine(line, rowId);
    const nextHold = place === 0 && !heldForOther ? { rowId, until: new Date(retryAt + request.holdGraceMs), priority } : state.hold;
    const tokenUs = Math.ceil(1e9 / (rate.ratePerSec * 1000));
    return { admission: { admitted: false, reason: 'rate', retryAt: new Date(retryAt), place, tokenUs }, state: { ...state, line, hold: nextHold } };
  }

  const line = new Map(state.line);
  line.delete(rowId);
  return {
    admission: { admitted: true, countsNewUser: tier.countsNewUser, nextTokenAt: token.nextAt, sendAt: token.sendAt ?? now },
    state: {
      ...state,
      pairFreeAt: pair.freeAt,
      usersInWindow: request.businessInitiated ? [...state.usersInWindow, { waId: request.waId, lastAt: now }] : state.usersInWindow,
      bucket: token.state,
      hold: hold?.rowId === rowId ? null : state.hold,
      line,
    },
  };
}
