// `npm run serve`: the production entry. With NODE_ENV=production it starts the built code in
// dist/ as it is (build once, at deploy time: `npm run build`), never compiling on boot; elsewhere
// it builds first, so a checkout always serves what it holds.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, mustRun } from './run.mjs';

const MAIN = path.join(ROOT, 'apps/api/dist/main.js');

if (process.env.NODE_ENV === 'production') {
  if (!existsSync(MAIN)) {
    console.error('apps/api/dist/main.js is missing: run `npm run build` once before `npm run serve` in production.');
    process.exit(1);
  }
} else {
  mustRun('build', 'npx', ['tsc', '-b', 'tsconfig.build.json']);
}
await import(pathToFileURL(MAIN).href);
