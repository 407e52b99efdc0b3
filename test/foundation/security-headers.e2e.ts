import request from 'supertest';
import { useApiAndInbox } from '../support/inbox-server.js';

// What every answer tells the browser about itself: the API's JSON is never sniffed, framed or a
// source of Referers, over https it asks to stay on https; the inbox's pages run only the scripts
// carrying this response's nonce and cannot be framed.
describe('security headers', () => {
  const stack = useApiAndInbox();

  it('the API: nosniff, no framing, no Referer, no browser features; HSTS only over https (as its proxy says)', async () => {
    for (const res of [await request(stack.api.url).get('/healthz').expect(200), await request(stack.api.url).get('/v1/messages').expect(401)]) {
      expect(res.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'referrer-policy': 'no-referrer',
        'permissions-policy': expect.stringContaining('camera=()'),
      });
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
    const overHttps = await request(stack.api.url).get('/healthz').set('X-Forwarded-Proto', 'https').expect(200);
    expect(overHttps.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('the inbox: a fresh nonce per page, on every script Next writes, and framing refused', async () => {
    const pages = await Promise.all([fetch(`${stack.inbox.url}/login`), fetch(`${stack.inbox.url}/login`)]);
    const nonces = [];
    for (const page of pages) {
      const csp = page.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce).toBeDefined();
      nonces.push(nonce);
      const html = await page.text();
      const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
      expect(scripts.length).toBeGreaterThan(0);
      expect(scripts.filter((tag) => !tag.includes(`nonce="${nonce}"`))).toEqual([]);
      expect(page.headers.get('permissions-policy')).toContain('microphone=(self)');
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });
});
