// The built inbox and Debian's Chromium for the benches that measure what a person sees.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { ROOT } from './bench-infra.mjs';

/** The inbox as `next start` serves it, against `apiUrl`; built first if it is not. */
export async function startInbox(apiUrl) {
  if (!existsSync(path.join(ROOT, 'apps/inbox/.next/BUILD_ID')))
    throw new Error('the inbox is not built: run `npx next build apps/inbox` (npm run bench does)');
  const port = await freePort();
  const proc = spawn(process.execPath, [path.join(ROOT, 'apps/inbox/server/serve.mjs'), '--port', String(port), '--hostname', '127.0.0.1'], {
    stdio: 'ignore',
    env: { ...process.env, API_URL: apiUrl, NEXT_TELEMETRY_DISABLED: '1' },
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  while (
    !(await fetch(`${url}/login`)
      .then((r) => r.ok)
      .catch(() => false))
  ) {
    if (Date.now() > deadline || proc.exitCode !== null) throw new Error('the inbox did not answer within 30 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    close: () =>
      new Promise((resolve) => {
        if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
        const force = setTimeout(() => proc.kill('SIGKILL'), 5000);
        proc.once('exit', () => {
          clearTimeout(force);
          resolve();
        });
        proc.kill('SIGTERM');
      }),
  };
}

/** Headless Chromium with the flags this closed network needs (the tests' launchBrowser). */
export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** A page signed in to the inbox as `who`, the way a person signs in. */
export async function signedInPage(browser, inboxUrl, who) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-GB' });
  const page = await context.newPage();
  await page.goto(`${inboxUrl}/login`);
  await page.getByRole('textbox', { name: 'Email' }).fill(who.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => u.pathname !== '/login', { timeout: 30_000 });
  return page;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}
