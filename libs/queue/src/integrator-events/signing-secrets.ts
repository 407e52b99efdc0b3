// An event endpoint's signing secrets. A rotation makes a new current secret; the one it replaces
// keeps signing beside it until its own expiry, so the integrator can move their receiver to the new
// secret without a moment in which events fail to verify (Standard Webhooks lets `webhook-signature`
// carry one `v1,` signature per secret, space-separated; a receiver accepts any that verifies).
//
// A second rotation during the overlap keeps the earlier previous secret too, until its own expiry:
// the secret a rotation showed is seen once, and an admin who lost it before the receiver took it
// rotates again. Dropping the earlier one then would cut off the receiver that still holds it. At
// most MAX_PREVIOUS_SECRETS are kept (a further rotation drops the one that would expire first), and
// a rotation with no overlap (`keepMs` 0: a leaked secret) ends every earlier secret at once.
// Secrets are opaque here (they are stored sealed): any value type.

export const MAX_PREVIOUS_SECRETS = 2;
/** `keep_old_for_hours` at most: 30 days. */
export const MAX_KEEP_OLD_HOURS = 720;
export const DEFAULT_KEEP_OLD_HOURS = 24;

export interface PreviousSecret<S = string> {
  readonly secret: S;
  /** It signs deliveries made before this moment, none after. */
  readonly expiresAt: Date;
}

/** The previous secrets after `current` is replaced at `now`, keeping it `keepMs`; newest expiry first. */
export function previousSecretsAfterRotation<S>(current: S, previous: readonly PreviousSecret<S>[], keepMs: number, now: Date): PreviousSecret<S>[] {
  if (!(keepMs > 0)) return [];
  const replaced = { secret: current, expiresAt: new Date(now.getTime() + keepMs) };
  return [replaced, ...previous.filter((p) => p.expiresAt.getTime() > now.getTime())]
    .sort((a, b) => b.expiresAt.getTime() - a.expiresAt.getTime())
    .slice(0, MAX_PREVIOUS_SECRETS);
}

/** The secrets that sign a delivery made at `at`: the current one first, then each previous one not yet expired. */
export function signingSecretsAt<S>(current: S, previous: readonly PreviousSecret<S>[], at: Date): S[] {
  return [current, ...previous.filter((p) => p.expiresAt.getTime() > at.getTime()).map((p) => p.secret)];
}

/** When the last previous secret stops signing; null when only the current one signs at `now`. */
export function previousSecretsExpireAt(previous: readonly PreviousSecret<unknown>[], now: Date): Date | null {
  const live = previous.filter((p) => p.expiresAt.getTime() > now.getTime()).map((p) => p.expiresAt.getTime());
  return live.length === 0 ? null : new Date(Math.max(...live));
}

/** `keep_old_for_hours` as milliseconds (fractions of an hour allowed); RangeError outside 0..720. */
export function keepOldForMs(hours: number): number {
  if (!Number.isFinite(hours) || hours < 0 || hours > MAX_KEEP_OLD_HOURS)
    throw new RangeError(`keep_old_for_hours must be 0 to ${MAX_KEEP_OLD_HOURS}, got ${hours}`);
  return Math.round(hours * 3_600_000);
}
