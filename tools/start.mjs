// `npm start`: installs what is missing, builds, then starts everything (apps/api/src/dev/start-dev.ts).
import { ensureDependencies, mustRun, spawnChild } from './run.mjs';

ensureDependencies();
mustRun('build', 'npx', ['tsc', '-b', 'tsconfig.build.json']);
const child = spawnChild('node', ['apps/api/dist/dev/start-dev.js', ...process.argv.slice(2)]);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
