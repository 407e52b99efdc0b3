/**
 * The slot for one process's next Graph call to a number, in ms. The bucket grants tokens at its
 * rate, but a batched claim hands back several rows at once and a stalled event loop fires their
 * timers together: late sends going out in a burst can put more than the cap into one second at
 * Meta (130429). Each call therefore goes at least 1000/cap ms after the one before it, the cap
 * itself and not the bucket's slower rate, so the late ones catch up within the headroom.
 */
export function nextSendSlot(previousSlotMs: number | null, nowMs: number, capPerSecond: number): number {
  if (!Number.isFinite(capPerSecond) || capPerSecond <= 0) throw new RangeError(`send spacing: capPerSecond must be > 0, got ${capPerSecond}`);
  return previousSlotMs === null ? nowMs : Math.max(nowMs, previousSlotMs + 1000 / capPerSecond);
}
