// `npm run contract`: regenerates libs/api-contract (openapi.json and its TypeScript types) from
// the API's code. The build may report type errors first: a presenter typed by the old contract
// no longer matches the new one until the contract is regenerated, which is what this is for.
import { ROOT, run } from './run.mjs';

run('npx', ['tsc', '-b', 'tsconfig.build.json'], { cwd: ROOT });
process.exit(run('node', ['apps/api/dist/contract/write-contract.js', ...process.argv.slice(2)]));
