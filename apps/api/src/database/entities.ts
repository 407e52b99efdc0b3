import { ApiKey } from '../modules/api-keys/api-key.entity.js';

/** Every entity, listed explicitly: ESM has no reliable glob loading, and a list is reviewable. */
export const ENTITIES = [ApiKey];
