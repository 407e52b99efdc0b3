import type { Redis } from 'ioredis';
export declare function deleteKeys(redis: Redis, pattern: string): Promise<void>;
