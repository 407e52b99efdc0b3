import { templateVariables } from './template-rules.js';

/**
 * A campaign started from a file fills a template's body variables from its columns, and nothing
 * else. A template whose header, buttons or cards take a parameter at send time (an image header,
 * a URL button with a variable, a coupon or one-time code, a limited-time offer) would be refused
 * by Meta at every send, so the API refuses it at submit and the inbox lists it disabled, both
 * saying why in these words (what the template needs; then FILE_CAMPAIGN_FILLS). Null when a file
 * can drive the template.
 */
export const FILE_CAMPAIGN_FILLS = 'a campaign from a file fills only body variables (send it with POST /v1/messages/batch)';

export function fileCampaignRefusal(components: readonly unknown[]): string | null {
  const needs: string[] = [];
  for (const c of components.map(rec)) {
    const type = str(c?.type)?.toUpperCase();
    if (type === 'HEADER') {
      const format = (str(c?.format) ?? 'TEXT').toUpperCase();
      if (format !== 'TEXT') needs.push(`its header takes ${article(format.toLowerCase())}`);
      else if (templateVariables(str(c?.text) ?? '').length > 0) needs.push('its header has a variable');
    }
    if (type === 'BUTTONS') {
      for (const b of Array.isArray(c?.buttons) ? c.buttons.map(rec) : []) {
        const kind = str(b?.type)?.toUpperCase();
        if (kind === 'URL' && templateVariables(str(b?.url) ?? '').length > 0) needs.push('a URL button has a variable');
        if (kind === 'COPY_CODE') needs.push('a copy-code button takes the coupon code');
        if (kind === 'OTP') needs.push('its code button takes a one-time code');
      }
    }
    if (type === 'CAROUSEL') needs.push('its carousel cards take media');
    if (type === 'LIMITED_TIME_OFFER') needs.push('its offer takes an expiry time');
  }
  if (needs.length === 0) return null;
  return [...new Set(needs)].join(', ');
}

function article(word: string): string {
  return /^[aeiou]/.test(word) ? `an ${word}` : `a ${word}`;
}

type Json = Record<string, unknown>;
const rec = (v: unknown): Json | null => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : null);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
