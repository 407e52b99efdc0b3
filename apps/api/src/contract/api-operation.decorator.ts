import type { Parameter, Schema } from './openapi-types.js';

/** Error answers shared by many operations, as `#/components/responses/<name>`. */
export type SharedError = 'ValidationFailed' | 'Unauthorized' | 'Forbidden' | 'NotFound' | 'InvalidStateTransition' | 'PayloadTooLarge';

export interface ResponseSpec {
  description: string;
  /** The body's schema; none for an empty answer. */
  body?: Schema;
  /** Default `application/json`; more than one for a choice of types (a file). */
  contentType?: string | readonly string[];
  /** A body of its own per content type (an export: JSON lines or CSV), instead of `body` and `contentType`. */
  bodies?: Readonly<Record<string, Schema>>;
}

export interface ParamSpec {
  description?: string;
  /** Path parameters default to a UUID, query and header parameters to a string. */
  schema?: Schema;
  required?: boolean;
}

/**
 * What the code cannot say by itself about one route: its name, its words and its answers. The
 * path, method, request body, query parameters and security are read from the route's own
 * decorators (Nest's and class-validator's) by the generator.
 */
export interface OperationSpec {
  id: string;
  summary: string;
  description?: string;
  responses: Readonly<Record<number, ResponseSpec>>;
  /** Shared error answers besides the ones the generator adds (401 when secured, 400/413 with a body). */
  errors?: Readonly<Partial<Record<number, SharedError>>>;
  /** Words (and schemas) for path and header parameters, and query parameters read without a DTO. */
  params?: Readonly<Record<string, string | ParamSpec>>;
  /** Parameters the route reads from the raw request (e.g. `hub.mode`), in order. */
  extraParams?: readonly Parameter[];
  /** Overrides the security derived from the route's guards (e.g. an optional bearer token). */
  security?: Record<string, string[]>[];
  /** A body read raw, not through a DTO (the signed webhook); `also`: other media types the route reads (a CSV upload). */
  rawBody?: { schema: Schema; contentType?: string; also?: Readonly<Record<string, Schema>> };
}

/** A route served outside Nest's router (the webhook ack, ahead of Fastify), declared beside its handler. */
export interface ServerLevelRoute {
  method: 'get' | 'post';
  path: string;
  secured: boolean;
  spec: OperationSpec;
  tag: TagSpec;
}

export interface TagSpec {
  name: string;
  description: string;
}

const OPERATION_KEY = 'sendbook:api-operation';
const TAG_KEY = 'sendbook:api-tag';

/** Documents a route; every route needs one, or the contract generator refuses to build. */
export function ApiOperation(spec: OperationSpec): MethodDecorator {
  return (target, key) => {
    Reflect.defineMetadata(OPERATION_KEY, spec, target, key);
  };
}

/** The tag (group in /docs) of every route of a controller. */
export function ApiTag(spec: TagSpec): ClassDecorator {
  return (target) => {
    Reflect.defineMetadata(TAG_KEY, spec, target);
  };
}

export const operationSpecOf = (prototype: object, key: string): OperationSpec | undefined =>
  Reflect.getMetadata(OPERATION_KEY, prototype, key) as OperationSpec | undefined;
export const tagSpecOf = (controller: Function): TagSpec | undefined => Reflect.getMetadata(TAG_KEY, controller) as TagSpec | undefined;
