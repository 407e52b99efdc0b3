import { contentSecurityPolicy, newNonce } from './content-security-policy';

describe('contentSecurityPolicy', () => {
  it('scripts from this origin and the nonce only; no framing, plugins or foreign forms', () => {
    const csp = contentSecurityPolicy('abc123');
    expect(csp).toContain("script-src 'self' 'nonce-abc123' 'strict-dynamic'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("form-action 'self'");
    expect(csp).not.toMatch(/unsafe-eval/);
  });

  it('development adds eval and the dev server’s websocket, nothing else', () => {
    const dev = contentSecurityPolicy('n', { dev: true });
    expect(dev).toContain("'unsafe-eval'");
    expect(dev).toContain("connect-src 'self' ws: wss:");
  });

  it('a fresh nonce every time', () => {
    const [a, b] = [newNonce(), newNonce()];
    expect(a).not.toBe(b);
    expect(a).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });
});
