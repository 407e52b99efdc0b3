// `npm run serve:inbox`: the built Next.js inbox on INBOX_PORT, talking to the API at API_URL.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ROOT, mustRun, spawnChild } from './run.mjs';

const port = process.env.INBOX_PORT ?? '3000';
const apiUrl = process.env.API_URL ?? 'http://localhost:3001';
if (!existsSync(path.join(ROOT, 'apps/inbox/.next/BUILD_ID'))) mustRun('build inbox', 'npx', ['next', 'build', 'apps/inbox']);
// Next behind the inbox's own server, which decides who the client is (apps/inbox/server/serve.mjs).
const child = spawnChild(process.execPath, ['apps/inbox/server/serve.mjs', '--port', port], { env: { API_URL: apiUrl } });
child.on('exit', (code) => process.exit(code ?? 1));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
