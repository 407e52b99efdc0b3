/** One real HTTP exchange with the running app, recorded by test/docs/openapi.e2e.ts. */
export interface RecordedExchange {
  readonly operationId: string;
  readonly status: number;
  /** Tells apart two examples of one operation and status (e.g. work items of another kind). */
  readonly variant?: string;
  readonly request: { readonly method: string; readonly url: string; readonly body?: unknown };
  readonly response: { readonly contentType: string; readonly body: unknown };
}

/** One example per operation, status and variant. */
export const exchangeKey = (e: Pick<RecordedExchange, 'operationId' | 'status' | 'variant'>): string => `${e.operationId} ${e.status}${e.variant ? ` ${e.variant}` : ''}`;
