import { SetMetadata } from '@nestjs/common';
import type { AccessRule, Capability } from './access.js';

export const ACCESS_KEY = 'sendbook:access';

/** Open to anyone: the probes, the docs, Meta's webhook, sign-in. */
export const Public = () => SetMetadata(ACCESS_KEY, { kind: 'public' } satisfies AccessRule);

/** A signed-in staff member only (their own session and profile); never an API key. */
export const SessionOnly = () => SetMetadata(ACCESS_KEY, { kind: 'session' } satisfies AccessRule);

/** Callers with any one of these capabilities (see access.ts). A route without an Access rule is admin-only. */
export const Access = (...any: [Capability, ...Capability[]]) => SetMetadata(ACCESS_KEY, { kind: 'capabilities', any } satisfies AccessRule);

/** Closed by default: a route somebody forgot to mark is for admins only, never open. */
export const DEFAULT_ACCESS: AccessRule = { kind: 'capabilities', any: ['admin'] };
