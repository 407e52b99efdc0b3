import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort } from '../../apps/api/src/infra/free-port.js';
import { waitFor } from './wait-for.js';

export interface InboxServer {
  readonly url: string;
  close(): Promise<void>;
}

/** The built inbox (`next build apps/inbox`, done by `npm test`) served as `npm run serve:inbox` serves it. */
export async function startInbox(apiUrl: string, env: Record<string, string> = {}): Promise<InboxServer> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [path.resolve('apps/inbox/server/serve.mjs'), '--port', String(port), '--hostname', '127.0.0.1'], {
    stdio: 'ignore',
    env: { ...process.env, API_URL: apiUrl, NEXT_TELEMETRY_DISABLED: '1', ...env },
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(async () => (await fetch(url).catch(() => null))?.ok === true, { timeoutMs: 30_000, what: 'the inbox to answer' });
  return {
    url,
    // Resolves once the server is gone: at once if it already exited, by SIGKILL if SIGTERM is ignored.
    close: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const force = setTimeout(() => child.kill('SIGKILL'), 5000);
        child.once('exit', () => {
          clearTimeout(force);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}
