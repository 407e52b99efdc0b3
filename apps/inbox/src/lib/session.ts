/**
 * What the inbox and the API agree on about a staff session. The API sets the cookie (HTTP-only,
 * `SameSite=Lax`, `Path=/`) on `POST /v1/auth/login`; the browser sends it to the inbox's own
 * origin, which forwards it to the API. The inbox only ever checks that it is there; the API decides
 * whether it is valid.
 */
export const SESSION_COOKIE = 'sendbook_session';

/** The viewer's IANA time zone, written by the browser so server renders show local times. */
export const TIME_ZONE_COOKIE = 'sendbook_tz';

/** Set by src/proxy.ts on every page request: the path and query the person asked for. */
export const PATH_HEADER = 'x-sendbook-path';
