import type { Type } from '@nestjs/common';
import type { ParamSpec, ServerLevelRoute, SharedError } from './api-operation.decorator.js';
import type { Route } from './collect-routes.js';
import { embedExamples } from './embed-examples.js';
import type { OpenApiDocument, Operation, Parameter, RecordedExchange, ResponseObject } from './openapi-types.js';
import { dtoSchemaName } from './request-schemas.js';
import { nameOf, type Schema } from './schema.js';
import { SECURITY_SCHEMES, SHARED_RESPONSES } from './shared-responses.js';
import { TAGS } from './tags.js';

export interface DocumentSources {
  /** Routes read from the controllers (collect-routes.ts). */
  readonly routes: readonly Route[];
  /** Routes served ahead of Nest's router. */
  readonly serverLevel: readonly ServerLevelRoute[];
  /** The DTOs' schemas by name (request-schemas.ts). */
  readonly dtos: ReadonlyMap<string, Schema>;
  readonly examples: readonly RecordedExchange[];
}

const DESCRIPTION = `Sendbook writes each WhatsApp message as a row keyed by the business event, sends it once, and keeps the books on what Meta reports afterwards.

Integrator endpoints take \`Authorization: Bearer <api key>\`; public JSON is snake_case. Every error is \`{"error": <code>, "message": …}\`, validation errors add \`details: [{field, message}]\`.

This document is generated from the API's code (\`npm run contract\`). The examples are real exchanges recorded by the end-to-end test \`test/docs/openapi.e2e.ts\` (ids and times normalised).`;

/** The OpenAPI 3.1 document of every route, built from what the routes declare. */
export function buildOpenApiDocument(sources: DocumentSources): OpenApiDocument {
  const components = new Components(sources.dtos);
  const paths: OpenApiDocument['paths'] = {};
  const tags = new Map<string, string>();
  const ids = new Set<string>();
  const all = [
    ...sources.routes.map((r) => ({ route: { ...r, secured: r.access.kind !== 'public' }, where: `${r.controller}.${r.handler}` })),
    ...sources.serverLevel.map((r) => ({ route: serverRoute(r), where: `server-level ${r.method.toUpperCase()} ${r.path}` })),
  ];
  for (const { route, where } of all) {
    if (ids.has(route.spec.id)) throw new Error(`${where}: operation id ${route.spec.id} is used twice`);
    ids.add(route.spec.id);
    const item = (paths[route.path] ??= {});
    if (item[route.method]) throw new Error(`${where}: ${route.method.toUpperCase()} ${route.path} is declared twice`);
    const known = tags.get(route.tag.name);
    if (known !== undefined && known !== route.tag.description) throw new Error(`${where}: tag ${route.tag.name} has two descriptions`);
    tags.set(route.tag.name, route.tag.description);
    item[route.method] = operationOf(route, where, components);
  }
  // Shared responses first: they name schemas of their own.
  const responses = components.responses();
  const doc: OpenApiDocument = {
    openapi: '3.1.0',
    info: { title: 'Sendbook API', version: '0.1.0', description: DESCRIPTION },
    tags: [...tags].map(([name, description]) => ({ name, description })).sort((a, b) => tagOrder(a.name) - tagOrder(b.name)),
    security: [{ apiKey: [] }, { session: [] }],
    paths: sortedPaths(paths),
    components: { schemas: components.sorted(), securitySchemes: SECURITY_SCHEMES, responses },
  };
  return embedExamples(doc, sources.examples);
}

type AnyRoute = Pick<
  Route,
  'method' | 'path' | 'pathParams' | 'headerParams' | 'body' | 'query' | 'queryParams' | 'status' | 'ownsResponse' | 'spec' | 'tag' | 'access'
> & { readonly secured: boolean };

function operationOf(route: AnyRoute, where: string, components: Components): Operation {
  const { spec } = route;
  const parameters = parametersOf(route, where, components);
  const responses: Operation['responses'] = {};
  for (const [status, response] of Object.entries(spec.responses)) {
    const types = typeof response.contentType === 'string' ? [response.contentType] : (response.contentType ?? ['application/json']);
    const out: ResponseObject = { description: response.description };
    if (response.body) out.content = Object.fromEntries(types.map((type) => [type, { schema: components.use(response.body!) }]));
    if (response.bodies) out.content = Object.fromEntries(Object.entries(response.bodies).map(([type, schema]) => [type, { schema: components.use(schema) }]));
    responses[status] = out;
  }
  if (!route.ownsResponse && spec.responses[route.status] === undefined)
    throw new Error(`${where}: answers ${route.status}, which its @ApiOperation does not document`);
  const shared: Partial<Record<number, SharedError>> = {};
  if (route.body || route.query) shared[400] = 'ValidationFailed';
  if (route.secured) {
    shared[401] = 'Unauthorized';
    shared[403] = 'Forbidden';
  }
  if (route.body) shared[413] = 'PayloadTooLarge';
  Object.assign(shared, spec.errors);
  for (const [status, name] of Object.entries(shared)) {
    if (responses[status]) continue;
    responses[status] = components.sharedResponse(name!);
  }
  const operation: Operation = {
    operationId: spec.id,
    tags: [route.tag.name],
    summary: spec.summary,
    ...(spec.description ? { description: spec.description } : {}),
    ...(spec.security
      ? { security: spec.security }
      : route.access.kind === 'public'
        ? { security: [] }
        : route.access.kind === 'session'
          ? { security: [{ session: [] }] }
          : {}),
    'x-access': route.access.kind === 'capabilities' ? [...route.access.any] : [route.access.kind],
    ...(parameters.length > 0 ? { parameters } : {}),
    responses: Object.fromEntries(Object.entries(responses).sort(([a], [b]) => Number(a) - Number(b))),
  };
  if (route.body) operation.requestBody = { required: true, content: { 'application/json': { schema: components.dto(route.body, where) } } };
  else if (spec.rawBody)
    operation.requestBody = {
      required: true,
      content: {
        [spec.rawBody.contentType ?? 'application/json']: { schema: components.use(spec.rawBody.schema) },
        ...Object.fromEntries(Object.entries(spec.rawBody.also ?? {}).map(([type, schema]) => [type, { schema: components.use(schema) }])),
      },
    };
  return operation;
}

function parametersOf(route: AnyRoute, where: string, components: Components): Parameter[] {
  const { spec } = route;
  const specFor = (name: string): ParamSpec | undefined => {
    const entry = Object.entries(spec.params ?? {}).find(([key]) => key.toLowerCase() === name.toLowerCase());
    if (!entry) return undefined;
    return typeof entry[1] === 'string' ? { description: entry[1] } : entry[1];
  };
  const used = new Set<string>();
  const param = (name: string, location: Parameter['in'], fallback: Schema, required: boolean): Parameter => {
    const own = specFor(name);
    if (own) used.add(Object.keys(spec.params ?? {}).find((k) => k.toLowerCase() === name.toLowerCase())!);
    if (location !== 'query' && !own?.description) throw new Error(`${where}: ${location} parameter ${name} needs a description in @ApiOperation params`);
    const displayName = location === 'header' ? Object.keys(spec.params ?? {}).find((k) => k.toLowerCase() === name.toLowerCase())! : name;
    return {
      name: displayName,
      in: location,
      required: own?.required ?? required,
      ...(own?.description ? { description: own.description } : {}),
      schema: components.use(own?.schema ?? fallback),
    };
  };
  const out: Parameter[] = [];
  for (const name of route.pathParams) out.push(param(name, 'path', { type: 'string', format: 'uuid' }, true));
  if (route.query) {
    const schema = components.dtoSchema(route.query, where, { register: false });
    const properties = (schema.properties ?? {}) as Record<string, Schema>;
    const required = new Set((schema.required as string[] | undefined) ?? []);
    for (const [name, property] of Object.entries(properties)) {
      const { description, ...rest } = property;
      const own = specFor(name);
      if (own) used.add(name);
      out.push({
        name,
        in: 'query',
        required: required.has(name),
        ...(own?.description || description ? { description: (own?.description ?? description) as string } : {}),
        schema: components.use(rest),
      });
    }
  }
  for (const name of route.queryParams) out.push(param(name, 'query', { type: 'string' }, false));
  for (const name of route.headerParams) out.push(param(name, 'header', { type: 'string' }, false));
  out.push(...(spec.extraParams ?? []).map((p) => ({ ...p, schema: components.use(p.schema) })));
  const unused = Object.keys(spec.params ?? {}).filter((k) => !used.has(k));
  if (unused.length > 0) throw new Error(`${where}: @ApiOperation params ${unused.join(', ')} match no parameter of the route`);
  return out;
}

function serverRoute(r: ServerLevelRoute): AnyRoute {
  return {
    method: r.method,
    path: r.path,
    pathParams: [],
    headerParams: [],
    body: undefined,
    query: undefined,
    queryParams: [],
    status: 200,
    ownsResponse: true,
    spec: r.spec,
    tag: r.tag,
    secured: r.secured,
    access: r.secured ? { kind: 'capabilities', any: ['admin'] } : { kind: 'public' },
  };
}

const TAG_ORDER: readonly string[] = Object.values(TAGS).map((t) => t.name);
const tagOrder = (name: string) => (TAG_ORDER.includes(name) ? TAG_ORDER.indexOf(name) : TAG_ORDER.length);

const sortedPaths = (paths: OpenApiDocument['paths']) => Object.fromEntries(Object.entries(paths).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/**
 * The document's components: named schemas hoisted to `#/components/schemas` wherever they are
 * used, DTO schemas by their contract names, and shared error answers as `#/components/responses`.
 */
class Components {
  private readonly schemas = new Map<string, Schema>();
  private readonly sources = new Map<string, object>();
  private readonly shared = new Set<SharedError>();

  constructor(private readonly dtos: ReadonlyMap<string, Schema>) {}

  /** `schema` with every named part (itself included) replaced by a `$ref`. */
  use(schema: Schema): Schema {
    return this.hoist(schema) as Schema;
  }

  dto(type: Type, where: string): Schema {
    this.dtoSchema(type, where);
    return { $ref: `#/components/schemas/${dtoSchemaName(type)}` };
  }

  /** The DTO's schema, registered (unless it only lists query parameters) with the DTOs it nests. */
  dtoSchema(type: Type, where: string, { register = true } = {}): Schema {
    const name = dtoSchemaName(type);
    const schema = this.dtos.get(name);
    if (!schema) throw new Error(`${where}: ${type.name} has no class-validator decorators, so nothing about it can be validated or documented`);
    // Keyed by its schema, not its class: a DTO that is one route's body and nested in another's is one component.
    if (register) this.register(name, schema, schema);
    for (const [, ref] of JSON.stringify(schema).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)) {
      const nested = this.dtos.get(ref!);
      if (nested) this.register(ref!, nested, nested);
    }
    return schema;
  }

  sharedResponse(name: SharedError): { $ref: string } {
    this.shared.add(name);
    return { $ref: `#/components/responses/${name}` };
  }

  responses(): Record<string, ResponseObject> {
    return Object.fromEntries(
      [...this.shared]
        .sort()
        .map((name) => [
          name,
          { description: SHARED_RESPONSES[name].description, content: { 'application/json': { schema: this.use(SHARED_RESPONSES[name].body) } } },
        ]),
    );
  }

  sorted(): Record<string, Schema> {
    return Object.fromEntries([...this.schemas].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  }

  private register(name: string, source: object, schema: Schema): void {
    const known = this.sources.get(name);
    if (known && known !== source) throw new Error(`two schemas are named ${name}`);
    if (known) return;
    this.sources.set(name, source);
    this.schemas.set(name, schema);
  }

  private hoist(value: unknown): unknown {
    if (Array.isArray(value)) return value.map((v) => this.hoist(v));
    if (typeof value !== 'object' || value === null) return value;
    const name = nameOf(value);
    if (name) {
      if (!this.sources.has(name)) {
        this.register(name, value, {});
        this.schemas.set(name, this.hoistChildren(value));
      } else if (this.sources.get(name) !== value) {
        throw new Error(`two schemas are named ${name}`);
      }
      return { $ref: `#/components/schemas/${name}` };
    }
    return this.hoistChildren(value);
  }

  private hoistChildren(value: object): Schema {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, this.hoist(v)]));
  }
}
