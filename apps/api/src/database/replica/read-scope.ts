import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Who a request reads for, so ReadDatabase can choose where the read goes without every service
 * passing it down. Set per HTTP request by ReadScopeInterceptor; a read outside any (workers,
 * timers, anything not a person's request) has none and goes to the primary.
 */
export interface ReadScope {
  /** `staff:<id>` or `api_key:<id>` (audit's actor); null on a public route. */
  readonly actor: string | null;
  /** A POST/PUT/PATCH/DELETE: it decides and writes, so every read in it is the primary's. */
  readonly mutating: boolean;
  /** Where this request's replica reads go, decided once at its first read. */
  route?: Promise<ReadRoute>;
}

/** Where a read goes; `reason`: why one that could have gone to the replica did not. */
export type ReadRoute = { readonly to: 'replica' } | { readonly to: 'primary'; readonly reason: FallbackReason | null };

/**
 * `unavailable`: the replica failed lately (the breaker is open); `failed`: it failed this read;
 * `lagging`: it had not replayed the reader's own last write within the wait; `unknown_position`:
 * Redis could not say what the reader last wrote.
 */
export type FallbackReason = 'unavailable' | 'failed' | 'lagging' | 'unknown_position';

const storage = new AsyncLocalStorage<ReadScope>();

export function runInReadScope<T>(scope: ReadScope, fn: () => T): T {
  return storage.run(scope, fn);
}

export function currentReadScope(): ReadScope | undefined {
  return storage.getStore();
}
