// `npm run bench`: every benchmark, each against a baseline measured in the same run on this machine.
// Needs PostgreSQL and Redis on localhost (as `npm test` does); builds first.
import { ensureDependencies, mustRun } from './run.mjs';

ensureDependencies();
mustRun('build', 'npx', ['tsc', '-b', 'tsconfig.build.json']);

const { run: runWebhooks } = await import('../bench/webhooks.bench.mjs');
const { run: runOutbound, formatTable } = await import('../bench/outbound.bench.mjs');
const { run: runFanout } = await import('../bench/sse-fanout.bench.mjs');
const { run: runCaps, table: capsTable } = await import('../bench/cap-adherence.bench.mjs');

console.log('\n## Webhook ingestion\n');
const webhooks = await runWebhooks();
console.log('\n## Outbound pipeline\n');
// `core` runs the same bookkeeping without the framework and the policy: the yardstick beside the target.
const outbound = await runOutbound({ modes: ['split', 'core'] });
console.log(formatTable(outbound));
console.log('\n## Live events to the inbox\n');
const fanout = await runFanout();
console.log('\n## Cap adherence: a campaign at the rate Meta allows, never faster\n');
const caps = await runCaps();
console.log(capsTable(caps));

// Exit non-zero when a guarantee broke; a missed speed target is reported in its table, not here.
const ok = webhooks.every_ack_stored && outbound.exactlyOnce && fanout.nothing_lost && caps.exactly_once && caps.all_sent && caps.rejections_130429 === 0;
process.exit(ok ? 0 : 1);
