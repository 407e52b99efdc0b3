import type { NumberProfile, NumberStatus } from '@sendbook/api-contract';
import type { Tone } from './message-state';
import { errorWords } from './meta-errors';

/**
 * A business number in words for the Numbers page and the health charts: its send rate, its
 * messaging-limit tier, its quality rating's tone, and why a pause holds it.
 */
/** The profile read from Meta (verified name, quality, throughput level), null until it was read. */
export function numberProfile(number: Pick<NumberStatus, 'profile'>): NumberProfile | null {
  return number.profile ?? null;
}

/** Meta's throughput level in words: "Standard (80 msg/s)", "High (up to 1,000 msg/s)". */
export function throughputWords(level: string | null | undefined): string | null {
  switch ((level ?? '').toUpperCase()) {
    case '':
      return null;
    case 'STANDARD':
      return 'Standard throughput (80 msg/s)';
    case 'HIGH':
      return 'High throughput (up to 1,000 msg/s)';
    default:
      return `${level} throughput`;
  }
}

const perSecond = (n: number) => `${Number.isInteger(n) ? n : n.toFixed(1)}/s`;

/** "80/s", or "40/s of 80/s, slowed until 10:02" when WhatsApp slowed it. */
export function rateWords(
  number: Pick<NumberStatus, 'rate_per_second' | 'effective_rate_per_second' | 'slowed_until' | 'cooling_until'>,
  now = Date.now(),
): string {
  const slowed = number.slowed_until && Date.parse(number.slowed_until) > now;
  const cooling = number.cooling_until && Date.parse(number.cooling_until) > now;
  const base =
    number.effective_rate_per_second < number.rate_per_second
      ? `${perSecond(number.effective_rate_per_second)} of ${perSecond(number.rate_per_second)}`
      : perSecond(number.rate_per_second);
  if (cooling) return `${base}, cooling down after WhatsApp slowed it`;
  if (slowed) return `${base}, slowed after a throughput error`;
  return base;
}

/** "1,000 customers / 24 h · 12 used" or "Unlimited". */
export function tierWords(number: Pick<NumberStatus, 'messaging_limit'>): string {
  const { limit, users_in_window } = number.messaging_limit;
  const used = `${users_in_window.toLocaleString('en')} used`;
  return limit === 'unlimited' ? `Unlimited · ${used}` : `${limit.toLocaleString('en')} customers / 24 h · ${used}`;
}

/** Meta's quality rating (GREEN, YELLOW, RED, UNKNOWN) as a badge tone. */
export function qualityTone(rating: string | null): Tone {
  switch ((rating ?? '').toUpperCase()) {
    case 'GREEN':
    case 'HIGH':
      return 'success';
    case 'YELLOW':
    case 'MEDIUM':
      return 'warning';
    case 'RED':
    case 'LOW':
      return 'danger';
    default:
      return 'muted';
  }
}

/** Why a pause holds the number: a person's note, or Meta's error in words with its code. */
export function pauseWords(pause: Pick<NumberStatus['pauses'][number], 'scope' | 'code' | 'reason'>): string {
  const scope = pause.scope === 'account' ? 'Whole account: ' : '';
  if (pause.code && /^\d+$/.test(pause.code)) return `${scope}${errorWords({ code: pause.code, title: pause.reason }).words} (${pause.code})`;
  return `${scope}${pause.reason}`;
}
