import { emitTypes, typeOf } from './emit-types.js';
import type { OpenApiDocument } from './openapi-types.js';

describe('TypeScript from JSON Schema', () => {
  it.each([
    [{ type: 'string', format: 'uuid' }, 'string'],
    [{ type: 'integer' }, 'number'],
    [{ type: ['string', 'null'] }, 'string | null'],
    [{ type: 'string', enum: ['queued', 'sent'] }, '"queued" | "sent"'],
    [{ type: ['string', 'null'], enum: ['a', null] }, '"a" | null'],
    [{ const: true }, 'true'],
    [{ $ref: '#/components/schemas/Message' }, 'components["schemas"]["Message"]'],
    [{ anyOf: [{ $ref: '#/components/schemas/Message' }, { type: 'null' }] }, 'components["schemas"]["Message"] | null'],
    [{ type: 'array', items: { type: 'string' } }, 'string[]'],
    [{ type: 'array', items: { type: ['string', 'null'] } }, '(string | null)[]'],
    [{ type: 'object' }, '{\n  [key: string]: unknown;\n}'],
    [{ type: 'object', additionalProperties: { type: 'integer' } }, '{\n  [key: string]: number;\n}'],
    [{ type: 'object', properties: {}, additionalProperties: false }, 'Record<string, never>'],
    [{}, 'unknown'],
  ])('%j is %s', (schema, expected) => {
    expect(typeOf(schema, 0)).toBe(expected);
  });

  it('marks optional properties, quotes odd keys and keeps descriptions as comments', () => {
    const schema = {
      type: 'object',
      properties: { id: { type: 'string', description: 'the id' }, 'hub.mode': { type: 'string' } },
      required: ['id'],
      additionalProperties: false,
    };
    expect(typeOf(schema, 0)).toBe('{\n  /** the id */\n  id: string;\n  "hub.mode"?: string;\n}');
  });

  it('lays paths and operations out as openapi-fetch reads them, with an alias per schema', () => {
    const doc: OpenApiDocument = {
      openapi: '3.1.0',
      info: { title: 't', version: '1', description: '' },
      tags: [],
      security: [],
      paths: {
        '/v1/things/{id}': {
          get: {
            operationId: 'getThing',
            'x-access': ['agent'],
            tags: [],
            summary: 'One thing',
            parameters: [
              { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
              { name: 'full', in: 'query', required: false, schema: { type: 'boolean' } },
            ],
            responses: {
              '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } },
              '404': { $ref: '#/components/responses/NotFound' },
            },
          },
        },
      },
      components: {
        schemas: { Thing: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'], additionalProperties: false } },
        securitySchemes: {},
        responses: {},
      },
    };
    const text = emitTypes(doc);
    expect(text).toContain(
      '  "/v1/things/{id}": {\n    parameters: { query?: never; header?: never; path?: never; cookie?: never };\n    get: operations["getThing"];\n    put?: never;',
    );
    expect(text).toContain('parameters: { query?: { full?: boolean }; header?: never; path: { id: string }; cookie?: never };');
    expect(text).toContain('requestBody?: never;');
    expect(text).toContain('200: { headers: { [name: string]: unknown }; content: { "application/json": components["schemas"]["Thing"] } };');
    expect(text).toContain('404: components["responses"]["NotFound"];');
    expect(text).toContain(`export type Thing = components['schemas']["Thing"];`);
  });
});
