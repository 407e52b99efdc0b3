/**
 * How often the composer asks the API to show the customer "typing…": Meta's indicator lasts up to
 * 25 s, and the API sends at most one per 20 s per conversation whoever asks; asking more often
 * would only be refused.
 */
export const TYPING_EVERY_MS = 20_000;

/** Whether this keystroke should ask: the first one, then one per interval (a clock that went back asks again). */
export function typingDue(lastAskedAtMs: number | null, nowMs: number, everyMs = TYPING_EVERY_MS): boolean {
  return lastAskedAtMs === null || nowMs - lastAskedAtMs >= everyMs || nowMs < lastAskedAtMs;
}

/**
 * After the API answered "throttled" (another tab or agent sent one a moment before this tab's
 * interval ran out): ask again a second later rather than a whole interval later, so "typing…"
 * does not lapse. Returns the `lastAskedAt` that makes `typingDue` say so.
 */
export function afterThrottled(nowMs: number, everyMs = TYPING_EVERY_MS, retryMs = 1_000): number {
  return nowMs - everyMs + retryMs;
}
