import { idempotencyHeaders, isMutation, newRequestId, withRequestId } from './request-id';

describe('idempotency keys', () => {
  it('are unique per intent', () => {
    const keys = new Set(Array.from({ length: 500 }, () => newRequestId()));
    expect(keys.size).toBe(500);
    for (const key of keys) expect(key).toMatch(/^inbox_[0-9a-f-]{36}$/);
  });

  it('ride in the Idempotency-Key header', () => {
    expect(idempotencyHeaders('inbox_x')).toEqual({ 'Idempotency-Key': 'inbox_x' });
  });

  it.each([
    ['GET', false],
    ['head', false],
    ['OPTIONS', false],
    ['POST', true],
    ['patch', true],
    ['PUT', true],
    ['DELETE', true],
  ])('%s is a mutation: %s', (method, mutation) => {
    expect(isMutation(method)).toBe(mutation);
  });

  it('are attached to variables once, so retries of one press reuse them', () => {
    const variables = withRequestId({ text: 'hi' }, 'inbox_fixed');
    expect(variables).toEqual({ text: 'hi', requestId: 'inbox_fixed' });
    expect(withRequestId({ text: 'hi' }).requestId).not.toBe(withRequestId({ text: 'hi' }).requestId);
  });
});
