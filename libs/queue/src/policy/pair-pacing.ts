// Same business number → same user: at most one message every `intervalMs`. Meta allows one
// message every 6 s to the same user and answers 131056 beyond it, asking for a retry after 4^X s
// (https://developers.facebook.com/documentation/business-messaging/whatsapp/about-the-platform).

export const DEFAULT_PAIR_INTERVAL_MS = 6_000;

/**
 * The shared pair gate (ADMISSION_LUA keeps `freeAt`, when the pair may send again). Granted when
 * the pair is free at `now`: the slot [now, now + interval) is taken. Not granted: `nextAt` is
 * when it frees (set `not_before`, count no attempt).
 */
export function takePairSlot(freeAt: Date | null, now: Date, intervalMs: number = DEFAULT_PAIR_INTERVAL_MS): { granted: boolean; nextAt: Date; freeAt: Date } {
  assertInterval(intervalMs);
  if (freeAt && freeAt.getTime() > now.getTime()) return { granted: false, nextAt: freeAt, freeAt };
  const next = new Date(now.getTime() + intervalMs);
  return { granted: true, nextAt: next, freeAt: next };
}

/** After 131056: the pair stays shut until at least `now + delayMs` (PAIR_PUSH_LUA). */
export function pushPairSlot(freeAt: Date | null, now: Date, delayMs: number): Date {
  assertInterval(delayMs);
  return new Date(Math.max(freeAt?.getTime() ?? 0, now.getTime() + delayMs));
}

function assertInterval(ms: number): void {
  if (!Number.isInteger(ms) || ms < 1) throw new RangeError(`pair pacing: interval must be a whole number of ms ≥ 1, got ${ms}`);
}
