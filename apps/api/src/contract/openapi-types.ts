import type { Schema } from './schema.js';

/** The parts of OpenAPI 3.1 this project writes. Schemas are JSON Schema 2020-12 objects. */
export type { Schema };

export interface MediaType {
  schema: Schema;
  examples?: Record<string, { summary?: string; value: unknown }>;
}

export interface RefObject {
  $ref: string;
}

export interface ResponseObject {
  description: string;
  content?: Record<string, MediaType>;
}

export interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header';
  required?: boolean;
  description?: string;
  schema: Schema;
}

export interface Operation {
  operationId: string;
  tags: string[];
  summary: string;
  description?: string;
  /** `[]` for an open endpoint; absent means the document's default (the API key). */
  security?: Record<string, string[]>[];
  /**
   * Who may call it: `public`, `session` (a signed-in staff member), or the capabilities any one
   * of which lets a caller in (`agent`, `admin`, `send`; see common/auth/access.ts).
   */
  'x-access': string[];
  parameters?: Parameter[];
  requestBody?: { required: boolean; content: Record<string, MediaType> };
  responses: Record<string, ResponseObject | RefObject>;
}

export type HttpMethod = 'get' | 'post' | 'patch' | 'put' | 'delete';
export type PathItem = Partial<Record<HttpMethod, Operation>>;

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  tags: { name: string; description: string }[];
  security: Record<string, string[]>[];
  paths: Record<string, PathItem>;
  components: { schemas: Record<string, Schema>; securitySchemes: Record<string, unknown>; responses: Record<string, ResponseObject> };
}

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
export const exchangeKey = (e: Pick<RecordedExchange, 'operationId' | 'status' | 'variant'>): string =>
  `${e.operationId} ${e.status}${e.variant ? ` ${e.variant}` : ''}`;
