// `npm run chaos [-- --messages N --seed S] [--redis cluster] [--summary file.json] [--no-build]`: two ROLE=api and two
// ROLE=worker processes against a private PostgreSQL and Redis (`--redis cluster`: a Redis Cluster of
// three masters and three replicas) and the simulator with its chaos on, while workers, an API
// process, Redis (a cluster's masters) and PostgreSQL are killed, stopped and frozen; then every
// invariant of "nothing sent twice, nothing lost" is checked from the simulator's ledger and the
// database. Exits 1 naming the rows that break one. Builds first (the processes run the built
// code), as `npm run serve` does.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { mustRun } from './run.mjs';

const { values } = parseArgs({
  options: {
    messages: { type: 'string', default: '10000' },
    seed: { type: 'string', default: '1' },
    'no-build': { type: 'boolean', default: false },
    summary: { type: 'string' },
    redis: { type: 'string', default: 'single' },
  },
});
const messages = Number(values.messages);
const seed = Number(values.seed);
if (!Number.isInteger(messages) || messages < 50) throw new Error(`--messages must be an integer ≥ 50, got ${values.messages}`);
if (!Number.isInteger(seed) || seed < 0) throw new Error(`--seed must be a non-negative integer, got ${values.seed}`);
if (values.redis !== 'single' && values.redis !== 'cluster') throw new Error(`--redis must be single or cluster, got ${values.redis}`);

if (!values['no-build']) mustRun('build', 'npx', ['tsc', '-b', 'tsconfig.build.json']);
// After the build: the runner imports the built simulator and API.
const { runChaos } = await import('./chaos/run-chaos.mjs');
const { report } = await import('./chaos/report.mjs');
const result = await runChaos({ messages, seed, redis: values.redis, log: (line) => console.log(`[chaos] ${line}`) });
console.log(report(result));
// The run's verdict and figures as JSON: in the run's log folder, and where --summary says.
const summary = JSON.stringify({ ok: result.ok, checks: result.checks, figures: result.figures }, null, 2);
writeFileSync(path.join(result.runDir, 'summary.json'), summary);
if (values.summary) writeFileSync(values.summary, summary);
process.exit(result.ok ? 0 : 1);
