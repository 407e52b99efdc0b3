// `npm run contract`: regenerates libs/api-contract (openapi.json and its TypeScript types) from
// the API's code, then the client's contract from it (tools/client-contract.mjs). The build may
// report type errors first: a presenter typed by the old contract no longer matches the new one
// until the contract is regenerated, which is what this is for.
import { ROOT, run } from './run.mjs';

run('npx', ['tsc', '-b', 'tsconfig.build.json'], { cwd: ROOT });
const code = run('node', ['apps/api/dist/contract/write-contract.js', ...process.argv.slice(2)]);
process.exit(code || run('node', ['tools/client-contract.mjs', ...process.argv.slice(2)]));
