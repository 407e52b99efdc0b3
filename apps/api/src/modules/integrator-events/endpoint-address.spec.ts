import { endpointUrlProblem, guardedLookup, isIpLiteral, RefusedAddressError } from './endpoint-address.js';

describe('endpointUrlProblem', () => {
  it.each([
    ['https://8.8.8.8/hooks', false, null],
    ['http://127.0.0.1:8080/x', false, '127.0.0.1 is a loopback address; set EVENT_ENDPOINTS_ALLOW_PRIVATE=true to allow it'],
    ['http://[fd00::1]/x', false, '[fd00::1] is a private address; set EVENT_ENDPOINTS_ALLOW_PRIVATE=true to allow it'],
    ['http://127.0.0.1:8080/x', true, null],
    ['ftp://8.8.8.8/', false, 'must be an absolute http or https URL'],
    ['/relative', true, 'must be an absolute http or https URL'],
    ['https://user:secret@8.8.8.8/', true, 'must not carry a user name or password'],
    ['https://8.8.8.8/#frag', true, 'must not have a #fragment'],
  ])('%s (allow private: %s) → %s', async (url, allowPrivate, problem) => {
    await expect(endpointUrlProblem(url, allowPrivate)).resolves.toBe(problem);
  });

  it('resolves names: localhost is loopback', async () => {
    await expect(endpointUrlProblem('http://localhost:3001/', false)).resolves.toMatch(/^localhost resolves to (127\.0\.0\.1|::1): is a loopback address/);
  });

  it('tells IP literals from names', () => {
    expect([isIpLiteral('10.0.0.1'), isIpLiteral('[::1]'), isIpLiteral('example.com'), isIpLiteral('::1')]).toEqual([true, true, false, false]);
  });
});

describe('guardedLookup', () => {
  const resolve = (allowPrivate: boolean, all: boolean) =>
    new Promise<{ error: Error | null; address: unknown }>((done) =>
      guardedLookup(allowPrivate)('localhost', { all }, (error: NodeJS.ErrnoException | null, address: unknown) => done({ error, address })),
    );

  it('refuses a name that resolves to loopback, unless allowed', async () => {
    const refused = await resolve(false, false);
    expect(refused.error).toBeInstanceOf(RefusedAddressError);
    const allowed = await resolve(true, false);
    expect(allowed.error).toBeNull();
    expect(['127.0.0.1', '::1']).toContain(allowed.address);
    const every = await resolve(true, true);
    expect(Array.isArray(every.address)).toBe(true);
  });
});
