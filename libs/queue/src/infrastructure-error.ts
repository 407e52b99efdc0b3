// Tells an outage from a bad row. A row whose preparation throws is counted towards being set
// aside as poison, but only when the error is about the row: a database or Redis that is away,
// stalled or overloaded makes every row throw, and must fail none of them.

/** Node socket errors: the peer is away or the network is. */
const NETWORK_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/**
 * PostgreSQL SQLSTATE classes that say nothing about the row: 08 connection exception, 53
 * insufficient resources, 57 operator intervention (57014: statement timeout, 57P01: shutdown),
 * 40 transaction rollback (serialization failure, deadlock), 58 system error.
 */
const TRANSIENT_SQLSTATE_CLASSES: ReadonlySet<string> = new Set(['08', '40', '53', '57', '58']);

/**
 * Driver messages without a code: ioredis while disconnected, pg's pool and client; a Redis Cluster
 * failing over (a slot without a master: CLUSTERDOWN, TRYAGAIN; ioredis out of redirections, or
 * unable to read the slots from any node).
 */
const TRANSIENT_MESSAGES =
  /connection is closed|stream isn't writeable|enableofflinequeue|max retries per request|reached the max retries|connection terminated|timeout exceeded when trying to connect|client has encountered a connection error|loading redis is loading|busy redis is busy|command timed out|query read timeout|the database system is (starting|shutting) down|clusterdown|tryagain|masterdown|too many cluster redirections|failed to refresh slots cache|cluster isn't ready|cluster is ended/i;

export function isInfrastructureError(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current !== null && typeof current === 'object' && depth < 4; depth++) {
    const { code, message, name, driverError, cause } = current as {
      code?: unknown;
      message?: unknown;
      name?: unknown;
      driverError?: unknown;
      cause?: unknown;
    };
    if (typeof code === 'string') {
      if (NETWORK_CODES.has(code)) return true;
      if (/^[0-9A-Z]{5}$/.test(code) && TRANSIENT_SQLSTATE_CLASSES.has(code.slice(0, 2))) return true;
    }
    if (name === 'MaxRetriesPerRequestError') return true;
    if (typeof message === 'string' && TRANSIENT_MESSAGES.test(message)) return true;
    current = driverError ?? cause;
  }
  return false;
}
