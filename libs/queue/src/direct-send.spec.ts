import { directSendCategory, directSendProblems, directSendTtl } from './direct-send.js';

const text = (extra: Record<string, unknown> = {}) => ({ type: 'text', text: { body: 'Your order 4411 ships today' }, ...extra });

describe('Direct Send', () => {
  it('knows a Direct Send message by its category', () => {
    expect(directSendCategory(text({ category: 'utility' }))).toBe('utility');
    expect(directSendCategory(text({ category: 'authentication' }))).toBe('authentication');
    expect(directSendCategory(text())).toBeNull();
    expect(directSendCategory(text({ category: 'marketing' }))).toBeNull();
  });

  it('accepts text and interactive messages with a category, and a TTL within the category’s bounds', () => {
    expect(directSendProblems(text({ category: 'utility', ttl_seconds: 43_200 }), 'payload', false)).toEqual([]);
    expect(directSendProblems({ type: 'interactive', interactive: {}, category: 'authentication', ttl_seconds: 600 }, 'payload', false)).toEqual([]);
    expect(directSendProblems(text(), 'payload', true)).toEqual([]);
  });

  it('names each problem: an unknown category, another type, a TTL out of bounds or without Direct Send, authentication to a user id', () => {
    expect(directSendProblems(text({ category: 'marketing' }), 'payload', false)).toEqual([
      { field: 'payload.category', message: 'must be one of utility, authentication (Direct Send)' },
    ]);
    expect(directSendProblems({ type: 'image', image: { id: '1' }, category: 'utility' }, 'payload', false)).toEqual([
      { field: 'payload.type', message: 'Direct Send takes text or interactive messages' },
    ]);
    expect(directSendProblems(text({ category: 'authentication', ttl_seconds: 901 }), 'payload', false)).toEqual([
      { field: 'payload.ttl_seconds', message: 'must be a whole number of seconds from 30 to 900 for authentication' },
    ]);
    expect(directSendProblems(text({ category: 'utility', ttl_seconds: 29 }), 'payload', false)[0]!.field).toBe('payload.ttl_seconds');
    expect(directSendProblems(text({ ttl_seconds: 60 }), 'payload', false)).toEqual([
      { field: 'payload.ttl_seconds', message: 'is only for Direct Send messages (with a category)' },
    ]);
    expect(directSendProblems(text({ category: 'authentication' }), 'payload', true)[0]!.field).toBe('payload.category');
  });

  it('passes what is left of expires_at on as ttl_seconds, within Meta’s bounds', () => {
    const now = new Date('2026-12-05T10:00:00Z');
    const inSeconds = (s: number) => new Date(now.getTime() + s * 1000);
    expect(directSendTtl(text({ category: 'utility' }), inSeconds(600), now)).toBe(600);
    expect(directSendTtl(text({ category: 'utility' }), inSeconds(86_400), now)).toBe(43_200);
    expect(directSendTtl(text({ category: 'authentication' }), inSeconds(3_600), now)).toBe(900);
    expect(directSendTtl(text({ category: 'utility' }), inSeconds(10), now)).toBe(30);
    expect(directSendTtl(text({ category: 'utility', ttl_seconds: 120 }), inSeconds(600), now)).toBeNull();
    expect(directSendTtl(text(), inSeconds(600), now)).toBeNull();
    expect(directSendTtl(text({ category: 'utility' }), null, now)).toBeNull();
  });
});
