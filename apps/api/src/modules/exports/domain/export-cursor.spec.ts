import { csvField } from './csv.js';
import { decodeExportCursor, encodeExportCursor } from './export-cursor.js';

const ID = '6f1c2b9e-93c5-4f59-a1ff-0d5b8d3e2a10';

describe('export cursors', () => {
  it('round-trips a position to the microsecond', () => {
    const position = { atUs: 1_767_225_600_123_456n, id: ID };
    expect(decodeExportCursor('messages', encodeExportCursor('messages', position))).toEqual(position);
  });

  it('is not taken by the other export', () => {
    expect(decodeExportCursor('inbound', encodeExportCursor('messages', { atUs: 1n, id: ID }))).toBeNull();
  });

  it.each([
    ['garbage', 'nonsense'],
    ['empty', ''],
    ['JSON that is no cursor', Buffer.from('{"a":1}').toString('base64url')],
    ['a bad id', Buffer.from(JSON.stringify(['m', '1', 'not-an-id'])).toString('base64url')],
    ['a time that is no integer', Buffer.from(JSON.stringify(['m', '1.5', ID])).toString('base64url')],
    ['a list cursor of GET /v1/messages', Buffer.from(JSON.stringify(['2026-01-01T00:00:00.000Z', ID])).toString('base64url')],
  ])('refuses %s', (_name, cursor) => {
    expect(decodeExportCursor('messages', cursor)).toBeNull();
  });

  it('never starts with a character the CSV formula guard would change', () => {
    for (const atUs of [0n, 1n, 1_767_225_600_123_456n, 99_999_999_999_999_999n]) {
      const cursor = encodeExportCursor('inbound', { atUs, id: ID });
      expect(csvField(cursor)).toBe(cursor);
    }
  });
});
