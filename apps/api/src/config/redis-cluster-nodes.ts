/** Where a Redis Cluster is first reached (REDIS_CLUSTER_NODES); the client learns the rest from it. */
export interface RedisClusterSeeds {
  readonly nodes: readonly { readonly host: string; readonly port: number }[];
  /** One login and one TLS setting for every node: ioredis reaches each node the same way. */
  readonly username: string | null;
  readonly password: string | null;
  readonly tls: boolean;
}

const HOST_PORT = /^(?<host>\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):(?<port>\d{1,5})$/;

/**
 * REDIS_CLUSTER_NODES: comma-separated seeds, each `host:port` (`[::1]:7000` for IPv6) or a
 * `redis://` / `rediss://` URL with the cluster's login (`rediss://user:pass@host:port`). Every seed
 * must say the same login and TLS: a cluster is one server to its clients.
 */
export function parseRedisClusterNodes(spec: string): { value: RedisClusterSeeds; problems: string[] } {
  const problems: string[] = [];
  const nodes: { host: string; port: number }[] = [];
  const logins = new Set<string>();
  for (const raw of spec.split(',').map((s) => s.trim())) {
    if (raw === '') {
      problems.push('an empty entry (a stray comma?)');
      continue;
    }
    const seed = raw.includes('://') ? fromUrl(raw) : fromHostPort(raw);
    if ('problem' in seed) {
      problems.push(seed.problem);
      continue;
    }
    nodes.push({ host: seed.host, port: seed.port });
    logins.add(JSON.stringify([seed.username, seed.password, seed.tls]));
  }
  if (logins.size > 1) problems.push('the seeds disagree on login or TLS (every node is reached the same way)');
  const [username = null, password = null, tls = false] = logins.size === 1 ? (JSON.parse([...logins][0]!) as [string | null, string | null, boolean]) : [];
  return { value: { nodes, username, password, tls }, problems };
}

type Seed = { host: string; port: number; username: string | null; password: string | null; tls: boolean } | { problem: string };

function fromHostPort(raw: string): Seed {
  const match = HOST_PORT.exec(raw);
  if (!match?.groups) return { problem: `"${raw}" is not host:port` };
  const port = Number(match.groups.port);
  if (port < 1 || port > 65535) return { problem: `"${raw}" has no valid port` };
  return { host: match.groups.host!.replace(/^\[|\]$/g, ''), port, username: null, password: null, tls: false };
}

function fromUrl(raw: string): Seed {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { problem: `"${redact(raw)}" is not a URL` };
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') return { problem: `"${redact(raw)}" is not redis:// or rediss://` };
  if (!url.port) return { problem: `"${redact(raw)}" has no port` };
  // A cluster has one database: SELECT is refused on a cluster node.
  if (url.pathname && url.pathname !== '/' && url.pathname !== '/0') return { problem: `"${redact(raw)}" names a database (a cluster has only 0)` };
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: Number(url.port),
    username: url.username ? decodeURIComponent(url.username) : null,
    password: url.password ? decodeURIComponent(url.password) : null,
    tls: url.protocol === 'rediss:',
  };
}

/** A problem line never repeats a password. */
function redact(raw: string): string {
  return raw.replace(/\/\/([^@/]*)@/, (_, login: string) => `//${login.includes(':') ? `${login.split(':')[0]}:***` : login}@`);
}

/** The first seed as a URL: what `REDIS_URL` would be, for what names one server (logs, probes). */
export function firstSeedUrl(seeds: RedisClusterSeeds): string {
  const first = seeds.nodes[0]!;
  const host = first.host.includes(':') ? `[${first.host}]` : first.host;
  const login = seeds.password === null ? '' : `${encodeURIComponent(seeds.username ?? '')}:${encodeURIComponent(seeds.password)}@`;
  return `${seeds.tls ? 'rediss' : 'redis'}://${login}${host}:${first.port}`;
}
