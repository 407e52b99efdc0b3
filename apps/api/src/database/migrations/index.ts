import { ApiKeys1764460800000 } from './1764460800000-ApiKeys.js';

/** Every migration in order. Never edit one that has landed: add a new one. */
export const MIGRATIONS = [ApiKeys1764460800000];
