import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { runWithRequestContext } from './request-context.js';

const VALID_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Fastify's `genReqId`: the caller's `X-Request-Id` when it is sane, else a new one. */
export function requestIdOf(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && VALID_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * Echoes the request id on every answer and runs the request in its log context; the context
 * carries through Fastify's body parsing to the handler (test/foundation/request-log-context).
 */
export function useRequestContext(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Request-Id', request.id);
    runWithRequestContext({ requestId: request.id }, done);
  });
}
