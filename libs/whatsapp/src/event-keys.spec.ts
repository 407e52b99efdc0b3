import { canonicalJson } from './canonical-json.js';
import { eventKeyForError, eventKeyForField, eventKeyForMessage, eventKeyForStatus } from './event-keys.js';
import type { WebhookParseResult } from './events.js';
import { parseWebhook } from './parse-webhook.js';

function keys(result: WebhookParseResult): string[] {
  if (!result.ok) throw new Error(result.error.message);
  return result.events.map((event) => event.key);
}

const metadata = (phoneNumberId: string) => ({ display_phone_number: '15550000000', phone_number_id: phoneNumberId });
const msg = (id: string) => ({ from: '16505551234', id, timestamp: '1750000000', type: 'text', text: { body: 'hi' } });
const st = (id: string, status: string) => ({ id, status, timestamp: '1750000001', recipient_id: '16505551234' });

describe('event keys', () => {
  it('formats each kind', () => {
    expect(eventKeyForMessage('pn', 'wamid.A')).toBe('msg:pn:wamid.A');
    expect(eventKeyForStatus('pn', 'wamid.A', 'read')).toBe('st:pn:wamid.A:read');
    expect(eventKeyForError('pn', { code: 130429, title: 'x' })).toMatch(/^err:pn:130429:[0-9a-f]{64}$/);
    expect(eventKeyForField('account_update', 'waba', 17, { event: 'X' })).toMatch(/^f:account_update:waba:17:[0-9a-f]{64}$/);
    expect(eventKeyForMessage(null, 'wamid.A')).toBe('msg::wamid.A');
  });

  it('gives the same event in two differently batched bodies the same key', () => {
    const alone = {
      object: 'whatsapp_business_account',
      entry: [
        {
          id: 'waba',
          changes: [
            {
              field: 'messages',
              value: { messaging_product: 'whatsapp', metadata: metadata('pn1'), messages: [msg('wamid.X')], statuses: [st('wamid.O', 'sent')] },
            },
          ],
        },
      ],
    };
    const batched = {
      entry: [
        {
          id: 'waba',
          changes: [
            {
              field: 'messages',
              value: { messaging_product: 'whatsapp', metadata: metadata('pn1'), statuses: [st('wamid.Q', 'read'), st('wamid.O', 'sent')] },
            },
          ],
        },
        {
          id: 'waba',
          changes: [
            { value: { metadata: metadata('pn1'), contacts: [{ wa_id: '16505551234' }], messages: [msg('wamid.Y'), msg('wamid.X')] }, field: 'messages' },
          ],
        },
      ],
      object: 'whatsapp_business_account',
    };
    const first = keys(parseWebhook(JSON.stringify(alone)));
    const second = keys(parseWebhook(JSON.stringify(batched)));
    expect(first).toEqual(['msg:pn1:wamid.X', 'st:pn1:wamid.O:sent']);
    expect(second).toEqual(expect.arrayContaining(first));
  });

  it('gives distinct statuses of one wamid distinct keys', () => {
    const body = {
      entry: [
        {
          id: 'waba',
          changes: [
            {
              field: 'messages',
              value: { metadata: metadata('pn1'), statuses: ['sent', 'delivered', 'read', 'played', 'failed'].map((s) => st('wamid.A', s)) },
            },
          ],
        },
      ],
    };
    const result = keys(parseWebhook(JSON.stringify(body)));
    expect(new Set(result).size).toBe(5);
  });

  it('gives the same wamid on two phone numbers distinct keys', () => {
    const body = {
      entry: [
        {
          id: 'waba',
          changes: ['pn1', 'pn2'].map((pn) => ({
            field: 'messages',
            value: { metadata: metadata(pn), messages: [msg('wamid.SAME')], statuses: [st('wamid.SAME', 'sent')] },
          })),
        },
      ],
    };
    expect(keys(parseWebhook(JSON.stringify(body)))).toEqual(['msg:pn1:wamid.SAME', 'st:pn1:wamid.SAME:sent', 'msg:pn2:wamid.SAME', 'st:pn2:wamid.SAME:sent']);
  });

  it('keys value errors by content, not by position or key order', () => {
    const error = { code: 130429, title: 'Rate limit hit', message: 'Rate limit hit', error_data: { details: 'too many' } };
    const reordered = { error_data: { details: 'too many' }, message: 'Rate limit hit', title: 'Rate limit hit', code: 130429 };
    const other = { ...error, error_data: { details: 'something else' } };
    const body = (errors: unknown[]) =>
      JSON.stringify({ entry: [{ id: 'w', changes: [{ field: 'messages', value: { metadata: metadata('pn1'), errors } }] }] });
    const [a] = keys(parseWebhook(body([error])));
    const [, b] = keys(parseWebhook(body([other, reordered])));
    const [c] = keys(parseWebhook(body([other])));
    expect(a).toBe(b);
    expect(a).not.toBe(c);
  });

  it('keys field events by field, entry, time and value content (key order ignored)', () => {
    const value = { event: 'APPROVED', message_template_id: 1, reason: 'NONE' };
    const body = (v: unknown, time: number) => JSON.stringify({ entry: [{ id: 'w', time, changes: [{ field: 'message_template_status_update', value: v }] }] });
    const [a] = keys(parseWebhook(body(value, 10)));
    const [b] = keys(parseWebhook(body({ reason: 'NONE', message_template_id: 1, event: 'APPROVED' }, 10)));
    const [c] = keys(parseWebhook(body({ ...value, event: 'REJECTED' }, 10)));
    const [d] = keys(parseWebhook(body(value, 11)));
    expect(a).toBe(b);
    expect(new Set([a, c, d]).size).toBe(3);
  });

  it('does not depend on the whitespace or escaping of the body', () => {
    const value = { messaging_product: 'whatsapp', metadata: metadata('pn'), errors: [{ code: 1, title: 'äöå' }] };
    const compact = JSON.stringify({ entry: [{ id: 'w', changes: [{ field: 'messages', value }] }] });
    const escaped = JSON.stringify({ entry: [{ id: 'w', changes: [{ field: 'messages', value }] }] }, null, 2).replace(
      /[\u0080-\uffff]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
    expect(keys(parseWebhook(escaped))).toEqual(keys(parseWebhook(compact)));
  });
});

describe('canonicalJson', () => {
  it.each([
    [{ b: 1, a: [3, { d: 1, c: null }] }, '{"a":[3,{"c":null,"d":1}],"b":1}'],
    [{ x: undefined, y: 'é' }, '{"y":"é"}'],
    [[undefined, Number.NaN], '[null,null]'],
    ['s', '"s"'],
    [null, 'null'],
  ])('%j → %s', (value, expected) => {
    expect(canonicalJson(value)).toBe(expected);
  });
});
