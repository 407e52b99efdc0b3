import type { FastifyInstance } from 'fastify';

/**
 * On every answer of the API: JSON is never sniffed into something else, no page of ours is
 * framed or sends a Referer onwards, no browser feature is granted, and over https the browser is
 * told to stay on https (HSTS; `request.protocol` follows TRUST_PROXY's X-Forwarded-Proto). Routes
 * that serve other bytes (media downloads) add their own, stricter, headers.
 */
export function securityHeaders(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-content-type-options', 'nosniff');
    void reply.header('referrer-policy', 'no-referrer');
    void reply.header('x-frame-options', 'DENY');
    void reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (request.protocol === 'https') void reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    done();
  });
}

/** Nothing the API's answers need: camera, microphone, location and the rest, denied. */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()';
