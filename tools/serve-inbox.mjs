// `npm run serve:inbox`: the built Next.js inbox on INBOX_PORT, talking to the API at API_URL.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ROOT, mustRun, spawnChild } from './run.mjs';

const port = process.env.INBOX_PORT ?? '3000';
const apiUrl = process.env.API_URL ?? 'http://localhost:3001';
if (!existsSync(path.join(ROOT, 'apps/inbox/.next/BUILD_ID'))) mustRun('build inbox', 'npx', ['next', 'build', 'apps/inbox']);
const child = spawnChild('npx', ['next', 'start', 'apps/inbox', '--port', port], { env: { API_URL: apiUrl } });
child.on('exit', (code) => process.exit(code ?? 1));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
