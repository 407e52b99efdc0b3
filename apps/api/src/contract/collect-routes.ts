import { RequestMethod, type DynamicModule, type Type } from '@nestjs/common';
import { HTTP_CODE_METADATA, METHOD_METADATA, MODULE_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum.js';
import type { AccessRule } from '../common/auth/access.js';
import { ACCESS_KEY } from '../common/auth/access.decorator.js';
import { operationSpecOf, tagSpecOf, type OperationSpec, type TagSpec } from './api-operation.decorator.js';
import type { HttpMethod } from './openapi-types.js';

/** One route as its decorators declare it. */
export interface Route {
  readonly controller: string;
  readonly handler: string;
  readonly method: HttpMethod;
  /** OpenAPI style: `/v1/messages/{id}`. */
  readonly path: string;
  readonly pathParams: readonly string[];
  readonly headerParams: readonly string[];
  readonly body: Type | undefined;
  readonly query: Type | undefined;
  /** Named `@Query('x')` parameters (no DTO). */
  readonly queryParams: readonly string[];
  /** `@HttpCode()`, else Nest's default (201 for POST, 200 otherwise). */
  readonly status: number;
  /** The handler takes `@Res()`: it sets its own status, so Nest's default says nothing. */
  readonly ownsResponse: boolean;
  /** Who may call it (`@Public`, `@SessionOnly`, `@Access`), the method's rule over its controller's. */
  readonly access: AccessRule;
  readonly spec: OperationSpec;
  readonly tag: TagSpec;
}

type ModuleRef = Type | DynamicModule | Promise<DynamicModule> | { forwardRef: () => Type };

/** Every controller the module tree registers, each once, in the order Nest would meet them. */
export function controllersOf(root: Type | DynamicModule): Type[] {
  const seen = new Set<unknown>();
  const out: Type[] = [];
  const visit = (ref: ModuleRef) => {
    if (ref instanceof Promise || 'forwardRef' in ref) throw new Error('the contract generator cannot read async or forward-referenced modules');
    const dynamic = 'module' in ref ? (ref as DynamicModule) : undefined;
    const key = dynamic ?? ref;
    if (seen.has(key)) return;
    seen.add(key);
    const type = (dynamic?.module ?? ref) as Type;
    const controllers = [...((Reflect.getMetadata(MODULE_METADATA.CONTROLLERS, type) as Type[] | undefined) ?? []), ...(dynamic?.controllers ?? [])];
    for (const controller of controllers) if (!out.includes(controller)) out.push(controller);
    const imports = [...((Reflect.getMetadata(MODULE_METADATA.IMPORTS, type) as ModuleRef[] | undefined) ?? []), ...((dynamic?.imports ?? []) as ModuleRef[])];
    for (const imported of imports) visit(imported);
  };
  visit(root);
  return out;
}

const METHODS: Partial<Record<RequestMethod, HttpMethod>> = {
  [RequestMethod.GET]: 'get',
  [RequestMethod.POST]: 'post',
  [RequestMethod.PUT]: 'put',
  [RequestMethod.PATCH]: 'patch',
  [RequestMethod.DELETE]: 'delete',
};

interface RouteArg {
  index: number;
  data?: unknown;
}

/** The routes of one controller, read from Nest's route metadata and our `@ApiOperation`. */
export function routesOf(controller: Type): Route[] {
  const prefix = (Reflect.getMetadata(PATH_METADATA, controller) as string | undefined) ?? '';
  const tag = tagSpecOf(controller);
  const prototype = controller.prototype as Record<string, unknown>;
  const routes: Route[] = [];
  for (const handler of Object.getOwnPropertyNames(prototype)) {
    const fn = prototype[handler];
    if (handler === 'constructor' || typeof fn !== 'function') continue;
    const requestMethod = Reflect.getMetadata(METHOD_METADATA, fn) as RequestMethod | undefined;
    if (requestMethod === undefined) continue;
    const where = `${controller.name}.${handler}`;
    const method = METHODS[requestMethod];
    if (!method) throw new Error(`${where}: HTTP method ${RequestMethod[requestMethod]} is not documented by the contract generator`);
    const spec = operationSpecOf(prototype, handler);
    if (!spec)
      throw new Error(
        `${where} (${method.toUpperCase()} ${joinPath(prefix, Reflect.getMetadata(PATH_METADATA, fn) as string)}) has no @ApiOperation: every route is part of the contract`,
      );
    if (!tag) throw new Error(`${controller.name} has no @ApiTag`);
    const path = joinPath(prefix, Reflect.getMetadata(PATH_METADATA, fn) as string | string[]);
    const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, handler) as Record<string, RouteArg> | undefined) ?? {};
    const types = (Reflect.getMetadata('design:paramtypes', prototype, handler) as Type[] | undefined) ?? [];
    const byKind = (kind: RouteParamtypes) =>
      Object.entries(args)
        .filter(([key]) => Number(key.split(':')[0]) === kind)
        .map(([, arg]) => arg);
    const whole = (kind: RouteParamtypes) => byKind(kind).find((a) => a.data === undefined);
    const bodyArg = whole(RouteParamtypes.BODY);
    const queryArg = whole(RouteParamtypes.QUERY);
    const dataOf = (kind: RouteParamtypes) => byKind(kind).flatMap((a) => (typeof a.data === 'string' ? [a.data] : []));
    const pathParams = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
    routes.push({
      controller: controller.name,
      handler,
      method,
      path,
      pathParams,
      headerParams: dataOf(RouteParamtypes.HEADERS),
      body: bodyArg ? dtoType(types[bodyArg.index], `${where} @Body()`) : undefined,
      query: queryArg ? dtoType(types[queryArg.index], `${where} @Query()`) : undefined,
      queryParams: dataOf(RouteParamtypes.QUERY),
      status: (Reflect.getMetadata(HTTP_CODE_METADATA, fn) as number | undefined) ?? (method === 'post' ? 201 : 200),
      ownsResponse: byKind(RouteParamtypes.RESPONSE).length > 0,
      access: accessOf(fn, controller, where),
      spec,
      tag,
    });
  }
  return routes;
}

/** Every route says who may call it: the AuthGuard would close an unmarked one to all but admins. */
function accessOf(fn: object, controller: Type, where: string): AccessRule {
  const rule = (Reflect.getMetadata(ACCESS_KEY, fn) ?? Reflect.getMetadata(ACCESS_KEY, controller)) as AccessRule | undefined;
  if (!rule) throw new Error(`${where} has no access rule: mark it @Public(), @SessionOnly() or @Access(...)`);
  return rule;
}

/** A body or query must be a DTO class, or nothing about it can be documented (or validated). */
function dtoType(type: Type | undefined, where: string): Type {
  if (!type || [Object, String, Number, Boolean, Array].includes(type as never)) throw new Error(`${where} must be typed with a class-validator DTO class`);
  return type;
}

/** `v1/messages` + `:id/history` → `/v1/messages/{id}/history`. */
export function joinPath(prefix: string, path: string | string[] | undefined): string {
  if (Array.isArray(path)) throw new Error(`a route with several paths (${path.join(', ')}) cannot be documented`);
  const joined = `/${[prefix, path ?? '']
    .map((p) => p.replace(/^\/+|\/+$/g, ''))
    .filter(Boolean)
    .join('/')}`;
  return joined.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}
