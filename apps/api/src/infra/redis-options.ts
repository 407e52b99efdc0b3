/** BullMQ takes ioredis options, not a URL: translate `redis[s]://user:pass@host:port/db`. */
export interface RedisConnectionFields {
  host: string;
  port: number;
  username?: string;
  password?: string;
  db: number;
  tls?: Record<string, never>;
}

export function redisOptionsFromUrl(url: string): RedisConnectionFields {
  const parsed = new URL(url);
  const db = Number(parsed.pathname.replace('/', '') || 0);
  return {
    host: parsed.hostname,
    port: Number(parsed.port || 6379),
    username: parsed.username ? decodeURIComponent(parsed.username) : undefined,
    password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
    db: Number.isInteger(db) ? db : 0,
    tls: parsed.protocol === 'rediss:' ? {} : undefined,
  };
}
