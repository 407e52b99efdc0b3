import type { FastifyInstance } from 'fastify';

/** Seconds a caller is told to wait: another instance, or this one restarted, answers by then. */
const RETRY_AFTER_SECONDS = 5;

/**
 * A request that reaches this process once it has begun to close (on a keep-alive connection that
 * was busy when the close began) gets a 503 in our error shape, with Retry-After, and the
 * connection closed after it, instead of Fastify's own body, which names no code of ours.
 * Requests already running are answered as usual, with `Connection: close`: their keep-alive
 * connection would otherwise stay open for the keep-alive time (65 s) and hold the close up
 * (test/foundation/shutdown).
 */
export function refuseWhileClosing(fastify: FastifyInstance): void {
  let closing = false;
  fastify.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  fastify.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('Connection', 'close');
    done(null, payload);
  });
  fastify.addHook('onRequest', (_request, reply, done) => {
    if (!closing) return done();
    void reply
      .code(503)
      .header('Connection', 'close')
      .header('Retry-After', String(RETRY_AFTER_SECONDS))
      .send({ error: 'unavailable', message: 'this server is shutting down; retry shortly' });
  });
}
