/**
 * Idempotency keys for mutations. One key per intent, not per HTTP request: the key is made when
 * the person presses the button and travels with every retry of that press, so a retry after a
 * lost answer is recognised by the API instead of acting twice. The API takes it as the
 * `Idempotency-Key` header (and, for replies, `client_request_id` in the body).
 */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

export function newRequestId(random: () => string = defaultRandom): string {
  return `inbox_${random()}`;
}

/** The headers a mutation carries for `requestId`. */
export function idempotencyHeaders(requestId: string): Record<string, string> {
  return { [IDEMPOTENCY_HEADER]: requestId };
}

/** Methods that change something and so must carry a key. */
export function isMutation(method: string): boolean {
  return !['GET', 'HEAD', 'OPTIONS'].includes(method.toUpperCase());
}

/**
 * Variables for a mutation with their key attached once. TanStack Query retries a mutation with
 * the same variables, so the key survives its retries; a new press makes new variables.
 */
export function withRequestId<T extends object>(variables: T, requestId: string = newRequestId()): T & { readonly requestId: string } {
  return { ...variables, requestId };
}

function defaultRandom(): string {
  return globalThis.crypto.randomUUID();
}
