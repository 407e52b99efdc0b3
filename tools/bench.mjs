// `npm run bench`: every benchmark, each against a baseline measured in the same run on this machine.
// Needs PostgreSQL and Redis on localhost (as `npm test` does); builds first.
import { ensureDependencies, mustRun } from './run.mjs';

ensureDependencies();
mustRun('build', 'npx', ['tsc', '-b', 'tsconfig.build.json']);

const { run: runWebhooks } = await import('../bench/webhooks.bench.mjs');
const { run: runOutbound, formatTable } = await import('../bench/outbound.bench.mjs');
const { run: runFanout } = await import('../bench/sse-fanout.bench.mjs');
const { run: runFlood } = await import('../bench/unsigned-flood.bench.mjs');

console.log('\n## Webhook ingestion\n');
const webhooks = await runWebhooks();
console.log('\n## Outbound pipeline\n');
// `core` runs the same bookkeeping without the framework and the policy: the yardstick beside the target.
const outbound = await runOutbound({ modes: ['split', 'core'] });
console.log(formatTable(outbound));
console.log('\n## Live events to the inbox\n');
const fanout = await runFanout();
console.log('\n## Valid webhooks during an unsigned flood\n');
// The p99 target (25 ms) is printed, not enforced: on a shared machine the baseline alone moves.
const flood = await runFlood();

const ok = webhooks.every_ack_stored && outbound.exactlyOnce && fanout.nothing_lost && flood.every_valid_ack_200;
process.exit(ok ? 0 : 1);
