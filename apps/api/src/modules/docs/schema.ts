import type { Parameter, RefObject, ResponseObject, Schema } from './openapi-types.js';

/** Small builders so each area reads like the resource it describes. */
export const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
export const str = (extra: Schema = {}): Schema => ({ type: 'string', ...extra });
export const int = (extra: Schema = {}): Schema => ({ type: 'integer', ...extra });
export const bool = (extra: Schema = {}): Schema => ({ type: 'boolean', ...extra });
export const uuid: Schema = { type: 'string', format: 'uuid' };
export const dateTime: Schema = { type: 'string', format: 'date-time' };
export const anyObject: Schema = { type: 'object', additionalProperties: true };
export const digits = (what: string): Schema => ({ type: 'string', pattern: '^\\d{1,32}$', description: what });
export const oneOfValues = (values: readonly string[], extra: Schema = {}): Schema => ({ type: 'string', enum: [...values], ...extra });

/** `T | null`. A `$ref` cannot take a sibling `type`, so it becomes `anyOf`. */
export function nullable(schema: Schema): Schema {
  if ('$ref' in schema || !('type' in schema)) return { anyOf: [schema, { type: 'null' }] };
  const type = schema.type;
  const types = Array.isArray(type) ? type : [type];
  const out: Schema = { ...schema, type: [...types, 'null'] };
  if (Array.isArray(schema.enum)) out.enum = [...schema.enum, null];
  return out;
}

export const arrayOf = (items: Schema, extra: Schema = {}): Schema => ({ type: 'array', items, ...extra });

/** A closed object: every listed property is always present unless named in `optional`. */
export function object(properties: Record<string, Schema>, options: { optional?: string[]; description?: string; open?: boolean } = {}): Schema {
  const optional = new Set(options.optional ?? []);
  return {
    type: 'object',
    ...(options.description ? { description: options.description } : {}),
    properties,
    required: Object.keys(properties).filter((k) => !optional.has(k)),
    additionalProperties: options.open ?? false,
  };
}

export const json = (schema: Schema, description: string): ResponseObject => ({ description, content: { 'application/json': { schema } } });
export const text = (contentType: string, description: string, schema: Schema = str()): ResponseObject => ({ description, content: { [contentType]: { schema } } });
export const jsonBody = (schema: Schema) => ({ required: true, content: { 'application/json': { schema } } });

export const pathId = (description: string, schema: Schema = uuid): Parameter => ({ name: 'id', in: 'path', required: true, description, schema });
export const query = (name: string, schema: Schema, description?: string, required = false): Parameter => ({ name, in: 'query', required, schema, ...(description ? { description } : {}) });

/** `?limit=&cursor=` of the keyset-paged lists (PageQueryDto). */
export const pageParams: Parameter[] = [
  query('limit', int({ minimum: 1, maximum: 500, default: 50 }), 'page size'),
  query('cursor', str(), '`next_cursor` of the previous page'),
];

/** Shared error answers, as `#/components/responses/…`. */
export type SharedResponse = 'ValidationFailed' | 'Unauthorized' | 'NotFound' | 'InvalidStateTransition' | 'PayloadTooLarge';
export const errorRef = (name: SharedResponse): RefObject => ({ $ref: `#/components/responses/${name}` });
