import type { FastifyReply, FastifyRequest, RouteGenericInterface } from 'fastify';

/** The HTTP request and reply every handler sees (Nest on Fastify). */
export type HttpRequest<Route extends RouteGenericInterface = RouteGenericInterface> = FastifyRequest<Route>;
export type HttpReply = FastifyReply;

/** One header as a string: the first of a repeated header, undefined when absent. */
export function headerOf(req: { headers: Record<string, string | string[] | undefined> }, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
