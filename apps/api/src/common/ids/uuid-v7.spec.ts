import { uuidV7 } from './uuid-v7.js';

describe('uuidV7', () => {
  it('is a version 7, RFC variant UUID', () => {
    expect(uuidV7()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('starts with the time in milliseconds, so later ids sort after earlier ones', () => {
    const at = Date.UTC(2026, 10, 30, 12, 0, 0, 123);
    expect(uuidV7(at).replace(/-/g, '').slice(0, 12)).toBe(at.toString(16).padStart(12, '0'));
    const ids = [at, at + 1, at + 1000, at + 86_400_000].map((t) => uuidV7(t));
    expect([...ids].sort()).toEqual(ids);
  });

  it('differs within one millisecond', () => {
    const at = Date.now();
    expect(new Set(Array.from({ length: 1000 }, () => uuidV7(at))).size).toBe(1000);
  });
});
