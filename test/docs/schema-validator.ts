import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import formats from 'ajv-formats';
import { mediaKey } from '../../apps/api/src/contract/embed-examples.js';
import type { OpenApiDocument, Operation, ResponseObject, Schema } from '../../apps/api/src/contract/openapi-types.js';

/**
 * Validates real responses against the document's response schemas (JSON Schema 2020-12, strict,
 * so a typo in a schema keyword fails too). Component schemas are registered under their own
 * ids, which the `#/components/schemas/…` references are rewritten to.
 */
export class SchemaValidator {
  private readonly ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
  private readonly compiled = new Map<Schema, ValidateFunction>();

  constructor(private readonly doc: OpenApiDocument) {
    formats.default(this.ajv);
    for (const [name, schema] of Object.entries(doc.components.schemas)) this.ajv.addSchema({ ...rewriteRefs(schema), $id: idOf(name) });
  }

  /** The documented response for a status, with `#/components/responses/…` followed. */
  response(operation: Operation, status: number): ResponseObject | undefined {
    const response = operation.responses[String(status)];
    if (!response || !('$ref' in response)) return response;
    return this.doc.components.responses[response.$ref.replace('#/components/responses/', '')];
  }

  /** Problems of a response: an undocumented status or content type, or a body its schema refuses. */
  problems(operation: Operation, status: number, contentType: string, body: unknown): string[] {
    const response = this.response(operation, status);
    if (!response) return [`status ${status} is not documented (documented: ${Object.keys(operation.responses).join(', ')})`];
    const content = response.content ?? {};
    const type = mediaKey(contentType);
    // `*/*` documents a body of any type (downloaded media): its type is whatever Meta named.
    const media = content[type] ?? content[`${type.split('/')[0]}/*`] ?? content['*/*'];
    if (!media)
      return Object.keys(content).length === 0 && contentType === ''
        ? []
        : [`content type ${contentType || '(none)'} is not documented for ${status} (documented: ${Object.keys(content).join(', ')})`];
    if (Buffer.isBuffer(body)) return [];
    const validate = this.compile(media.schema);
    return validate(body) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '(body)'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
  }

  /** Every component schema and every response schema compiles (ajv strict). */
  compileAll(): void {
    for (const name of Object.keys(this.doc.components.schemas)) this.ajv.getSchema(idOf(name));
    for (const item of Object.values(this.doc.paths)) {
      for (const operation of Object.values(item)) {
        for (const status of Object.keys(operation.responses)) {
          for (const media of Object.values(this.response(operation, Number(status))?.content ?? {})) this.compile(media.schema);
        }
        for (const media of Object.values(operation.requestBody?.content ?? {})) this.compile(media.schema);
        for (const parameter of operation.parameters ?? []) this.compile(parameter.schema);
      }
    }
  }

  private compile(schema: Schema): ValidateFunction {
    let validate = this.compiled.get(schema);
    if (!validate) {
      validate = this.ajv.compile(rewriteRefs(schema));
      this.compiled.set(schema, validate);
    }
    return validate;
  }
}

const idOf = (name: string) => `urn:sendbook:schema:${name}`;

function rewriteRefs(schema: unknown): Schema {
  return JSON.parse(JSON.stringify(schema), (key, value: unknown) =>
    key === '$ref' && typeof value === 'string' && value.startsWith('#/components/schemas/') ? idOf(value.slice('#/components/schemas/'.length)) : value,
  ) as Schema;
}
