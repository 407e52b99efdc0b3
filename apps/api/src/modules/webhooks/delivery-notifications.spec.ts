import { IDS_PER_NOTIFICATION, parseDeliveryIds } from './delivery-notifications.js';

describe('delivery notifications', () => {
  it('a full notification stays under PostgreSQL’s 8,000-byte payload limit', () => {
    const payload = Array.from({ length: IDS_PER_NOTIFICATION }, () => crypto.randomUUID()).join(',');
    expect(Buffer.byteLength(payload)).toBeLessThan(8000);
    expect(parseDeliveryIds(payload)).toHaveLength(IDS_PER_NOTIFICATION);
  });

  it('keeps only ids: an empty or foreign payload enqueues nothing', () => {
    const id = '0b6f3a52-3f0e-4a40-9d3c-3a8e7f7c2b11';
    expect(parseDeliveryIds(`${id},not-an-id,,${id.toUpperCase()}`)).toEqual([id, id.toUpperCase()]);
    expect(parseDeliveryIds('')).toEqual([]);
  });
});
