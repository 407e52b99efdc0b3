import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort } from '../../apps/api/src/infra/free-port.js';
import { startTestApp, type TestApp } from './test-app.js';
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

/**
 * For a describe block: the API (startTestApp) and the built inbox in front of it, started before
 * its tests and closed after them. Read `api` and `inbox` inside the tests.
 */
export function useApiAndInbox(): { readonly api: TestApp; readonly inbox: InboxServer } {
  const stack: { api?: TestApp; inbox?: InboxServer } = {};
  beforeAll(async () => {
    stack.api = await startTestApp();
    stack.inbox = await startInbox(stack.api.url);
  }, 120_000);
  afterAll(async () => {
    await stack.inbox?.close();
    await stack.api?.close();
  });
  return {
    get api() {
      return stack.api!;
    },
    get inbox() {
      return stack.inbox!;
    },
  };
}
