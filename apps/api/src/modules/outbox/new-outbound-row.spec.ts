import { newOutboundRow } from './new-outbound-row.js';
import type { CreateMessageDto } from './dto/create-message.dto.js';

const NOW = new Date('2026-12-01T10:00:00Z');
const KEEP = new Date('2026-12-31T10:00:00Z');
const phone = { e164: '+972501234567', waId: '972501234567' };
const at = { now: NOW, phoneNumberId: '106540352242922', retainUntil: KEEP };
const dto = (extra: Partial<CreateMessageDto> = {}): CreateMessageDto =>
  ({
    dedupe_key: 'order-1:shipped',
    to: '050-123-4567',
    purpose: 'order_shipped',
    payload: { type: 'text', text: { body: 'Shipped' } },
    ...extra,
  }) as CreateMessageDto;

describe('newOutboundRow', () => {
  it('stores the normalised number, and the defaults: due now, priority 0, the configured number', () => {
    expect(newOutboundRow(dto(), phone, at)).toEqual({
      dedupeKey: 'order-1:shipped',
      to: '+972501234567',
      toWaId: '972501234567',
      purpose: 'order_shipped',
      triggerRef: null,
      campaign: null,
      payload: { type: 'text', text: { body: 'Shipped' } },
      contentHash: expect.any(String),
      fallbackTemplate: null,
      priority: 0,
      phoneNumberId: '106540352242922',
      notBefore: NOW,
      retainUntil: KEEP,
      expiresAt: null,
    });
  });

  it('takes what the request gives', () => {
    const notBefore = new Date('2026-12-02T06:00:00Z');
    const expiresAt = new Date('2026-12-02T08:00:00Z');
    const fallback = { name: 'order_shipped', language: { code: 'en' } };
    const row = newOutboundRow(
      dto({
        trigger_ref: 'orders/1',
        priority: 5,
        not_before: notBefore,
        expires_at: expiresAt,
        phone_number_id: '555',
        fallback_template: fallback,
        campaign: 'black-friday',
      }),
      phone,
      at,
    );
    expect(row).toMatchObject({
      triggerRef: 'orders/1',
      campaign: 'black-friday',
      priority: 5,
      notBefore,
      expiresAt,
      phoneNumberId: '555',
      fallbackTemplate: fallback,
    });
  });

  it('fingerprints what the message says and to whom, not how it is scheduled', () => {
    const base = newOutboundRow(dto(), phone, at).contentHash;
    expect(newOutboundRow(dto({ dedupe_key: 'other', priority: 9, trigger_ref: 'x', campaign: 'spring' }), phone, at).contentHash).toBe(base);
    expect(newOutboundRow(dto({ payload: { type: 'text', text: { body: 'Delayed' } } }), phone, at).contentHash).not.toBe(base);
    expect(newOutboundRow(dto({ purpose: 'order_delayed' }), phone, at).contentHash).not.toBe(base);
    expect(newOutboundRow(dto(), { e164: '+972509999999', waId: '972509999999' }, at).contentHash).not.toBe(base);
  });
});
