import type { ServerResponse } from 'node:http';
import type { PhoneNumberConfig } from '../options.js';
import { sendJson } from './http-io.js';

/** Every field this route knows, as Meta names them; `fields=` picks among them. */
const FIELDS = [
  'id',
  'display_phone_number',
  'verified_name',
  'quality_rating',
  'throughput',
  'name_status',
  'platform_type',
  'code_verification_status',
  'whatsapp_business_manager_messaging_limit',
] as const;
/** What Meta answers without `fields`. */
const DEFAULT_FIELDS = ['verified_name', 'code_verification_status', 'display_phone_number', 'quality_rating', 'id'] as const;

/**
 * `GET /{version}/{phone_number_id}[?fields=…]`: the number as Meta describes it. Unknown field
 * names are refused with (#100), as Graph does.
 */
export function handlePhoneNumber(res: ServerResponse, url: URL, number: Required<PhoneNumberConfig>): void {
  const asked = url.searchParams
    .get('fields')
    ?.split(',')
    .map((f) => f.trim())
    .filter(Boolean) ?? [...DEFAULT_FIELDS];
  const unknown = asked.find((f) => !(FIELDS as readonly string[]).includes(f));
  if (unknown) {
    return sendJson(res, 400, {
      error: {
        message: `(#100) Tried accessing nonexisting field (${unknown}) on node type (WhatsAppBusinessPhoneNumber)`,
        type: 'OAuthException',
        code: 100,
        fbtrace_id: 'Asim',
      },
    });
  }
  const all: Record<(typeof FIELDS)[number], unknown> = {
    id: number.id,
    display_phone_number: formatDisplay(number.displayPhoneNumber),
    verified_name: number.verifiedName,
    quality_rating: number.qualityRating,
    // Meta's standard throughput is 80 msg/s; numbers upgraded to 1,000 msg/s report HIGH.
    throughput: { level: number.mps > 80 ? 'HIGH' : 'STANDARD' },
    name_status: 'APPROVED',
    platform_type: 'CLOUD_API',
    code_verification_status: 'VERIFIED',
    // The portfolio's limit (the deprecated per-number `messaging_limit_tier` is not served).
    whatsapp_business_manager_messaging_limit: number.messagingLimit,
  };
  // A field with no value is left out, as Graph leaves out what it does not report.
  sendJson(res, 200, Object.fromEntries(asked.filter((f) => all[f as (typeof FIELDS)[number]] !== null).map((f) => [f, all[f as (typeof FIELDS)[number]]])));
}

/** "15550783881" as Meta shows it: "+1 555-078-3881" for NANP numbers, "+<digits>" otherwise. */
function formatDisplay(digits: string): string {
  const nanp = /^1(\d{3})(\d{3})(\d{4})$/.exec(digits);
  return nanp ? `+1 ${nanp[1]}-${nanp[2]}-${nanp[3]}` : `+${digits}`;
}
