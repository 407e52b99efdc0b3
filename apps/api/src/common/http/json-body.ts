import type { FastifyInstance } from 'fastify';
import { JsonTooDeepError, jsonDepthExceeds } from './json-depth.js';

/** Integrator JSON bodies: generous for templates with many parameters, small enough to refuse abuse. */
export const JSON_BODY_LIMIT_BYTES = 256 * 1024;

/** A batch carries up to 1,000 of those bodies: room for 1,000 ordinary templates (~1 KB each) and then some. */
export const BATCH_BODY_LIMIT_BYTES = 8 * 1024 * 1024;

/** The one route whose bodies may be as large as a batch. */
const BATCH_ROUTE = '/v1/messages/batch';

/** A campaign's recipients, JSON or CSV: 100,000 rows with a few variables each, and room to spare. */
export const CAMPAIGN_BODY_LIMIT_BYTES = 32 * 1024 * 1024;

/** The routes that take a campaign's recipients, and the only ones that read `text/csv`. */
const CAMPAIGN_ROUTES: readonly string[] = ['/v1/campaigns', '/v1/campaigns/preview'];

/** A body that is not JSON (it does not parse, or says it is something else): a 400 naming the body. */
export class InvalidJsonBodyError extends Error {
  constructor(readonly problem: string) {
    super('request body is not valid JSON');
  }
}

/**
 * JSON bodies for every route: the raw bytes are scanned for depth before JSON.parse, an empty
 * body is no body (a DELETE that says application/json), and only the batch route may send up to
 * BATCH_BODY_LIMIT_BYTES; Fastify refuses a larger body with 413 while it streams in. A body of
 * any other type (a form, plain text) is refused as not JSON, before anything reads it.
 */
export function registerJsonBody(fastify: FastifyInstance): void {
  fastify.addHook('onRoute', (route) => {
    if (route.url === BATCH_ROUTE) route.bodyLimit = BATCH_BODY_LIMIT_BYTES;
    if (CAMPAIGN_ROUTES.includes(route.url) && route.method === 'POST') route.bodyLimit = CAMPAIGN_BODY_LIMIT_BYTES;
  });
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('*', (req, _payload, done) =>
    done(new InvalidJsonBodyError(`not JSON (Content-Type: ${req.headers['content-type'] ?? 'none'}): send application/json`), undefined),
  );
  // CSV only where a campaign's recipients are taken; anywhere else it is refused like any other non-JSON body.
  fastify.addContentTypeParser('text/csv', { parseAs: 'string' }, (req, body: string | Buffer, done) => {
    if (!CAMPAIGN_ROUTES.includes(req.routeOptions.url ?? ''))
      return done(new InvalidJsonBodyError('not JSON (Content-Type: text/csv): send application/json'), undefined);
    done(null, { csv: String(body) });
  });
  fastify.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body: Buffer, done) => {
    if (body.length === 0) return done(null, undefined);
    if (jsonDepthExceeds(body)) return done(new JsonTooDeepError(), undefined);
    try {
      done(null, JSON.parse(body.toString('utf8')));
    } catch {
      done(new InvalidJsonBodyError('not valid JSON'), undefined);
    }
  });
}
