/** The parts of OpenAPI 3.1 this project writes. Schemas are JSON Schema 2020-12 objects. */
export type Schema = { [keyword: string]: unknown };

export interface MediaType {
  schema: Schema;
  examples?: Record<string, { summary?: string; value: unknown }>;
}

export interface RefObject {
  $ref: string;
}

export interface ResponseObject {
  description: string;
  headers?: Record<string, { description: string; schema: Schema }>;
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
  parameters?: Parameter[];
  requestBody?: { required: boolean; content: Record<string, MediaType> };
  responses: Record<string, ResponseObject | RefObject>;
}

export type HttpMethod = 'get' | 'post' | 'patch' | 'put' | 'delete';
export type PathItem = Partial<Record<HttpMethod, Operation>>;

/** One area of the API (outbox, templates, …): its paths and the schemas they name. */
export interface ApiArea {
  tag: { name: string; description: string };
  paths: Record<string, PathItem>;
  schemas?: Record<string, Schema>;
}

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  tags: { name: string; description: string }[];
  security: Record<string, string[]>[];
  paths: Record<string, PathItem>;
  components: { schemas: Record<string, Schema>; securitySchemes: Record<string, unknown>; responses: Record<string, ResponseObject> };
}
