import { parseClock, type QuietHoursConfig } from './quiet-hours.js';
import { parseTier, type MessagingLimit } from './messaging-tier.js';
import { isValidTimeZone } from './zoned-time.js';

// Parsers for the sending-policy settings read from the environment. Each returns what it could
// read and one problem per bad entry, so the operator sees them all at once.

type Parsed<T> = { value: T; problems: string[] };

function entries(spec: string): string[] {
  return spec
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** `marketing=21:00-08:00,promotions=22:00-09:30`: purposes not listed are never held back. */
export function parseQuietHours(spec: string): Parsed<QuietHoursConfig> {
  const value: Record<string, { start: string; end: string }> = {};
  const problems: string[] = [];
  for (const part of entries(spec)) {
    const match = /^([a-z0-9_.:-]+)=(\d\d:\d\d)-(\d\d:\d\d)$/i.exec(part);
    try {
      if (!match) throw new RangeError('');
      parseClock(match[2]!);
      parseClock(match[3]!);
      value[match[1]!] = { start: match[2]!, end: match[3]! };
    } catch {
      problems.push(`"${part}" is not purpose=HH:MM-HH:MM`);
    }
  }
  return { value, problems };
}

/** `106540352242922=1000,1234=20`: messages per second per business number. */
export function parseNumberRates(spec: string): Parsed<Record<string, number>> {
  const value: Record<string, number> = {};
  const problems: string[] = [];
  for (const part of entries(spec)) {
    const match = /^(\d+)=(\d+(?:\.\d+)?)$/.exec(part);
    const rate = match ? Number(match[2]) : NaN;
    if (!match || !(rate > 0) || rate > 10_000) problems.push(`"${part}" is not phone_number_id=<messages per second>`);
    else value[match[1]!] = rate;
  }
  return { value, problems };
}

/** 250, 2000, TIER_10K, unlimited … */
export function parseMessagingLimit(spec: string): Parsed<MessagingLimit | null> {
  const limit = parseTier(spec);
  return limit === null
    ? { value: null, problems: [`"${spec}" is not a messaging limit (250, 2000, 10000, 100000, unlimited or TIER_2K…)`] }
    : { value: limit, problems: [] };
}

export function parseTimeZone(spec: string): Parsed<string | null> {
  return isValidTimeZone(spec) ? { value: spec, problems: [] } : { value: null, problems: [`"${spec}" is not an IANA time zone`] };
}
