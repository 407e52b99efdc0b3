import { canonicalHash } from '@sendbook/whatsapp';

/**
 * What "the same message" means for a repeated `dedupe_key`: same recipient, purpose and payload.
 * Key order inside the payload does not matter; anything else does.
 */
export function contentFingerprint(content: { to: string; purpose: string; payload: unknown }): string {
  return canonicalHash({ to: content.to, purpose: content.purpose, payload: content.payload });
}

export type DedupeWindows = Readonly<Record<string, number>>;

/**
 * How long a row (and so its dedupe key) must be kept, per purpose. A monthly reminder needs a
 * longer window than an order confirmation; purging a key earlier brings its duplicates back.
 */
export function dedupeWindowMs(purpose: string, windows: DedupeWindows, defaultMs: number): number {
  return windows[purpose] ?? defaultMs;
}

/**
 * Until when a finished outbound row stays: the rows are the books and stay for good (null) unless
 * its purpose has a retention (OUTBOUND_RETENTION), which retentionProblems keeps at or above the
 * purpose's dedupe window.
 */
export function outboundRetainUntil(purpose: string, now: Date, retention: DedupeWindows): Date | null {
  const ms = retention[purpose];
  return ms === undefined ? null : new Date(now.getTime() + ms);
}

/**
 * A retention shorter than its purpose's dedupe window would delete rows whose keys must still
 * refuse a repeat: the seeds' warning, that deleting rows early brings the duplicates back.
 */
export function retentionProblems(retention: DedupeWindows, windows: DedupeWindows, defaultWindowMs: number): string[] {
  return Object.entries(retention)
    .filter(([purpose, ms]) => ms < dedupeWindowMs(purpose, windows, defaultWindowMs))
    .map(
      ([purpose, ms]) =>
        `${purpose} keeps rows ${days(ms)}, less than its dedupe window of ${days(dedupeWindowMs(purpose, windows, defaultWindowMs))}: deleting rows early brings back the duplicates the key prevents`,
    );
}

function days(ms: number): string {
  return ms % 86_400_000 === 0 ? `${ms / 86_400_000} days` : `${ms / 3_600_000} hours`;
}

/**
 * The key a message is sent again under, by hand: the business event's own key, marked with what
 * was done and counted (`…:resend:1`, `…:release:2`), so the new message is itself deduplicated (a
 * double click sends once) and anyone reading the key sees where it came from. Within 255 characters.
 */
export function derivedDedupeKey(original: string, how: 'resend' | 'release', attempt: number): string {
  const suffix = `:${how}:${attempt}`;
  return `${original.slice(0, 255 - suffix.length)}${suffix}`;
}

/** Parses `order_confirmation=30d,monthly_reminder=400d` (units: s, m, h, d). */
export function parseDedupeWindows(spec: string): { windows: Record<string, number>; problems: string[] } {
  const windows: Record<string, number> = {};
  const problems: string[] = [];
  for (const part of spec
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const match = /^([a-z0-9_.:-]+)=(\d+)([smhd])$/i.exec(part);
    if (!match) {
      problems.push(`"${part}" is not purpose=<number><s|m|h|d>`);
      continue;
    }
    windows[match[1]!] = durationMs(Number(match[2]), match[3]!.toLowerCase());
  }
  return { windows, problems };
}

function durationMs(amount: number, unit: string): number {
  const unitMs: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };
  return amount * unitMs[unit]!;
}
