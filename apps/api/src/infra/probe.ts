import pg from 'pg';
import net from 'node:net';
import tls from 'node:tls';

/** True when a PostgreSQL server answers `SELECT 1` at `url` within `timeoutMs`. */
export async function postgresAnswers(url: string, timeoutMs = 1500): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * True when a Redis server answers PING at `url` within `timeoutMs`. A bare socket rather than a
 * client library: a probe must leave no reconnect timers behind when nothing is listening.
 */
export function redisAnswers(url: string, timeoutMs = 1500): Promise<boolean> {
  const target = new URL(url);
  const port = Number(target.port || 6379);
  const commands: string[][] = [];
  if (target.password) commands.push(['AUTH', ...(target.username ? [decodeURIComponent(target.username)] : []), decodeURIComponent(target.password)]);
  commands.push(['PING']);
  const wire = commands.map((args) => `*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join('')}`).join('');

  return new Promise((resolve) => {
    const socket =
      target.protocol === 'rediss:' ? tls.connect({ host: target.hostname, port, servername: target.hostname }) : net.connect({ host: target.hostname, port });
    let answer = '';
    const finish = (ok: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(ok);
    };
    const timer = setTimeout(() => finish(false), timeoutMs);
    socket.once('error', () => finish(false));
    socket.once(target.protocol === 'rediss:' ? 'secureConnect' : 'connect', () => socket.write(wire));
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
      if (answer.includes('+PONG')) finish(true);
      else if (answer.startsWith('-') || answer.includes('\r\n-')) finish(false);
    });
  });
}

/** Creates `database` on the server behind `serverUrl` if it does not exist yet. */
export async function ensureDatabase(serverUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) {
      await client.query(`CREATE DATABASE ${pg.escapeIdentifier(database)}`).catch((error: unknown) => {
        // Another process may have created it between our check and our CREATE.
        if (!(error instanceof Error && /already exists/.test(error.message))) throw error;
      });
    }
  } finally {
    await client.end();
  }
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
