import { AFTER_SIGN_IN, loginHref, safeNextPath, visiblePath } from './next-path';

describe('safeNextPath: only a path on this origin', () => {
  it.each([
    ['/conversations/abc', '/conversations/abc'],
    ['/work/failed?limit=50', '/work/failed?limit=50'],
    ['/conversations/abc#m-12', '/conversations/abc#m-12'],
    ['/settings/staff', '/settings/staff'],
    ['/', '/'],
    ['/conversations/a%20b', '/conversations/a%20b'],
    ['/health/../settings/staff', '/settings/staff'],
  ])('keeps %s', (raw, expected) => {
    expect(safeNextPath(raw)).toBe(expected);
  });

  it.each([
    ['an absolute URL', 'https://evil.example/conversations'],
    ['a protocol-relative URL', '//evil.example/x'],
    ['a backslash that browsers read as a slash', '/\\evil.example'],
    ['backslashes anywhere', '/conversations\\..\\..\\evil'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a relative path', 'conversations'],
    ['a tab that parsers strip', '/\t/evil.example'],
    ['a newline', '/conversations\n/x'],
    ['the login page (a loop)', '/login?next=/login'],
    ['the login page with a trailing slash', '/login/'],
    ["the API's own paths", '/v1/auth/logout'],
    ['an invite link (its token is a credential)', '/invite/abcdefghijklmnopqrstuvwxyz012345'],
    ['Next internals', '/_next/static/x.js'],
    ['nothing', ''],
    ['too long', `/${'a'.repeat(3000)}`],
  ])('refuses %s', (_what, raw) => {
    expect(safeNextPath(raw)).toBe(AFTER_SIGN_IN);
  });

  it.each([[null], [undefined]])('falls back on %s', (raw) => {
    expect(safeNextPath(raw)).toBe(AFTER_SIGN_IN);
  });

  it('uses the fallback it is given', () => {
    expect(safeNextPath('https://evil.example', '/work/failed')).toBe('/work/failed');
  });
});

describe('loginHref', () => {
  it.each([
    ['/conversations/abc?x=1', '/login?next=%2Fconversations%2Fabc%3Fx%3D1'],
    ['/', '/login'],
    [AFTER_SIGN_IN, '/login'],
    ['https://evil.example', '/login'],
    [null, '/login'],
  ])('%s → %s', (next, href) => {
    expect(loginHref(next)).toBe(href);
  });

  it('says when a session ended', () => {
    expect(loginHref('/work/failed', 'session_ended')).toBe('/login?next=%2Fwork%2Ffailed&reason=session_ended');
    expect(loginHref('/conversations', 'session_ended')).toBe('/login?reason=session_ended');
  });
});

describe('visiblePath', () => {
  it.each([
    ['/work/failed', '', '/work/failed'],
    ['/work/failed', '?_rsc=1x2y', '/work/failed'],
    ['/conversations', '?state=closed&_rsc=abc', '/conversations?state=closed'],
  ])('%s%s → %s', (pathname, search, expected) => {
    expect(visiblePath(pathname, search)).toBe(expected);
  });
});
