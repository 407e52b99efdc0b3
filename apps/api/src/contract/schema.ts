/**
 * JSON Schema (2020-12) builders for the API's response bodies. Request bodies come from the DTOs'
 * class-validator decorators instead (request-schemas.ts), so what is validated is what is
 * documented. A schema given a name with `named()` becomes `#/components/schemas/<name>` wherever
 * it is used; the generator hoists it, so schemas compose by value.
 */
export type Schema = { [keyword: string]: unknown };

const names = new WeakMap<object, string>();

/** Registers `schema` as the component `name`; returns the same object. */
export function named<S extends Schema>(name: string, schema: S): S {
  const existing = names.get(schema);
  if (existing && existing !== name) throw new Error(`schema named twice: ${existing} and ${name}`);
  names.set(schema, name);
  return schema;
}

export const nameOf = (schema: object): string | undefined => names.get(schema);

export const str = (extra: Schema = {}): Schema => ({ type: 'string', ...extra });
export const int = (extra: Schema = {}): Schema => ({ type: 'integer', ...extra });
export const num = (extra: Schema = {}): Schema => ({ type: 'number', ...extra });
export const bool = (extra: Schema = {}): Schema => ({ type: 'boolean', ...extra });
export const uuid = (extra: Schema = {}): Schema => ({ type: 'string', format: 'uuid', ...extra });
export const dateTime = (extra: Schema = {}): Schema => ({ type: 'string', format: 'date-time', ...extra });
export const anyObject = (extra: Schema = {}): Schema => ({ type: 'object', additionalProperties: true, ...extra });
export const digits = (description: string): Schema => ({ type: 'string', pattern: '^\\d{1,32}$', description });
export const oneOfValues = (values: readonly string[], extra: Schema = {}): Schema => ({ type: 'string', enum: [...values], ...extra });
export const constant = (value: string | boolean, extra: Schema = {}): Schema => ({ const: value, ...extra });
export const arrayOf = (items: Schema, extra: Schema = {}): Schema => ({ type: 'array', items, ...extra });
export const mapOf = (values: Schema, extra: Schema = {}): Schema => ({ type: 'object', additionalProperties: values, ...extra });
export const oneOf = (schemas: Schema[], extra: Schema = {}): Schema => ({ oneOf: schemas, ...extra });

/** `T | null`. A named schema (a `$ref`) cannot take a sibling `type`, so it becomes `anyOf`. */
export function nullable(schema: Schema, extra: Schema = {}): Schema {
  if (nameOf(schema) || !('type' in schema)) return { anyOf: [schema, { type: 'null' }], ...extra };
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const out: Schema = { ...schema, type: [...types, 'null'], ...extra };
  if (Array.isArray(schema.enum)) out.enum = [...schema.enum, null];
  return out;
}

/** A copy with another description (a named schema keeps its `$ref` and gets it beside). */
export function described(schema: Schema, description: string): Schema {
  return nameOf(schema) ? { allOf: [schema], description } : { ...schema, description };
}

/**
 * A closed object: every listed property is always present unless named in `optional`, and
 * nothing else is (`open: true` allows more). Responses are checked against this in the
 * end-to-end tests, so a presenter that adds or drops a field fails there as well as in tsc.
 */
export function object(properties: Record<string, Schema>, options: { optional?: readonly string[]; description?: string; open?: boolean } = {}): Schema {
  const optional = new Set(options.optional ?? []);
  return {
    type: 'object',
    ...(options.description ? { description: options.description } : {}),
    properties,
    required: Object.keys(properties).filter((k) => !optional.has(k)),
    additionalProperties: options.open ?? false,
  };
}
