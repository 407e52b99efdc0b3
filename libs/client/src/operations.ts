import type { operations, ROUTES } from './contract.js';

/** The operations the client calls (tools/client-contract.mjs picks them from the API's contract). */
export type OperationId = keyof operations & keyof typeof ROUTES;

type Responses<O extends OperationId> = operations[O]['responses'];
type JsonOf<R> = R extends { content: { 'application/json': infer B } } ? B : never;
type SuccessStatus = 200 | 201 | 202 | 204;

/** The JSON body an operation takes. */
export type RequestBody<O extends OperationId> = operations[O] extends { requestBody: { content: { 'application/json': infer B } } } ? B : never;

/** An operation's query parameters. */
export type QueryOf<O extends OperationId> = NonNullable<operations[O]['parameters']['query']>;

/** What a successful call answers (any of its 2xx bodies; `undefined` for a 204). */
export type Answer<O extends OperationId> = {
  [S in keyof Responses<O>]: S extends SuccessStatus ? (S extends 204 ? undefined : JsonOf<Responses<O>[S]>) : never;
}[keyof Responses<O>];

type ErrorBodies<O extends OperationId> = {
  [S in keyof Responses<O>]: S extends SuccessStatus ? never : Extract<JsonOf<Responses<O>[S]>, { error: string }>;
}[keyof Responses<O>];

/** Every `error` code the contract documents for the client's operations. */
export type ApiErrorCode = { [O in OperationId]: ErrorBodies<O>['error'] }[OperationId];
